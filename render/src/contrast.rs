//! How far apart two colours look: sRGB to CIE Lab (D65) and the
//! CIEDE2000 difference, so tests can require that what must be told apart
//! at a glance (an empty hole and a disc) is.

/// The least CIEDE2000 difference between an empty space and a piece of
/// any seat's colour: so far apart no one mistakes one for the other.
pub(crate) const APART: f64 = 25.0;

/// Each seat colour (by name) that lies closer than [`APART`] to
/// `background`, with its difference.
pub(crate) fn too_close(background: &str) -> Vec<(&'static str, f64)> {
    redscience_engine::rules::Color::ALL
        .iter()
        .map(|c| (c.name(), distance(background, c.hex())))
        .filter(|(_, d)| *d < APART)
        .collect()
}

/// CIE Lab (L, a, b) of an sRGB colour written `#rrggbb`.
pub(crate) fn lab(hex: &str) -> [f64; 3] {
    let h = hex.trim_start_matches('#');
    let channel = |i: usize| {
        let v = f64::from(u8::from_str_radix(&h[i..i + 2], 16).unwrap_or(0)) / 255.0;
        if v > 0.04045 {
            ((v + 0.055) / 1.055).powf(2.4)
        } else {
            v / 12.92
        }
    };
    let (r, g, b) = (channel(0), channel(2), channel(4));
    let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b;
    let f = |t: f64| {
        let d: f64 = 6.0 / 29.0;
        if t > d.powi(3) {
            t.cbrt()
        } else {
            t / (3.0 * d * d) + 4.0 / 29.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.950_47), f(y), f(z / 1.088_83));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation):
/// about 1 is just noticeable, 10 plainly different, above 25 unmistakable.
pub(crate) fn delta_e2000(one: [f64; 3], two: [f64; 3]) -> f64 {
    let [l1, a1, b1] = one;
    let [l2, a2, b2] = two;
    let pow7 = |c: f64| c.powi(7);
    let c_mean = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt());
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1, h2) = (hue(b1, a1), hue(b2, a2));
    let chromatic = c1 * c2 != 0.0;
    let dh = match h2 - h1 {
        _ if !chromatic => 0.0,
        d if d > 180.0 => d - 360.0,
        d if d < -180.0 => d + 360.0,
        d => d,
    };
    let (dl, dc) = (l2 - l1, c2 - c1);
    let dh_big = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
    let l_mean = (l1 + l2) / 2.0;
    let c_mean = (c1 + c2) / 2.0;
    let h_mean = match (h1 + h2, (h1 - h2).abs()) {
        (sum, _) if !chromatic => sum,
        (sum, gap) if gap <= 180.0 => sum / 2.0,
        (sum, _) if sum < 360.0 => (sum + 360.0) / 2.0,
        (sum, _) => (sum - 360.0) / 2.0,
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_mean - 30.0) + 0.24 * cos(2.0 * h_mean) + 0.32 * cos(3.0 * h_mean + 6.0)
            - 0.20 * cos(4.0 * h_mean - 63.0);
    let d_theta = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt();
    let sl = 1.0 + 0.015 * (l_mean - 50.0).powi(2) / (20.0 + (l_mean - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * c_mean;
    let sh = 1.0 + 0.015 * c_mean * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    let (l, c, h) = (dl / sl, dc / sc, dh_big / sh);
    (l * l + c * c + h * h + rt * c * h).sqrt()
}

/// The CIEDE2000 difference of two `#rrggbb` colours.
pub(crate) fn distance(one: &str, two: &str) -> f64 {
    delta_e2000(lab(one), lab(two))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_of_the_primaries_is_the_published_one() {
        let close = |hex: &str, want: [f64; 3]| {
            let got = lab(hex);
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() < 0.05,
                    "{hex}: {got:?}, not {want:?}"
                );
            }
        };
        close("#ffffff", [100.0, 0.0, 0.0]);
        close("#000000", [0.0, 0.0, 0.0]);
        close("#ff0000", [53.24, 80.09, 67.20]);
        close("#0000ff", [32.30, 79.19, -107.86]);
    }

    /// Pairs from Sharma, Wu and Dalal's test data for CIEDE2000 (2005),
    /// chosen to cross the formula's branches: a hue near 275 degrees,
    /// hues either side of 0, a neutral colour, and a large difference.
    #[test]
    fn ciede2000_matches_the_published_test_data() {
        let pairs = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, -1.0, 2.0], [50.0, 0.0, 0.0], 2.3669),
            ([50.0, 2.49, -0.001], [50.0, -2.49, 0.0011], 7.2195),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            ([50.0, 2.5, 0.0], [61.0, -5.0, 29.0], 22.8977),
            ([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082),
        ];
        for (one, two, want) in pairs {
            let got = delta_e2000(one, two);
            assert!(
                (got - want).abs() < 1e-4,
                "{one:?} {two:?}: {got}, not {want}"
            );
            assert!((delta_e2000(two, one) - want).abs() < 1e-4, "symmetric");
        }
    }
}
