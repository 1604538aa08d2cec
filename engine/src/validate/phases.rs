//! Phases, cloaking, and the spaces fixed for the whole game (sticky, exclusive).

use crate::RuleSet;
use crate::rules::Cloaking;

use super::Report;
use super::seats::check_seat_list;
use super::shapes::file_name;
use super::spaces::{Extent, check_initial, check_refs};

pub(super) fn check(rules: &RuleSet, dimensions_ok: bool, report: &mut Report) {
    let extent = Extent::of(rules);
    let n = rules.phases.len();
    if !(1..=6).contains(&n) {
        report.add("phases", format!("{n} phases listed; list 1 to 6 phases"));
    }
    let cloaking = rules.cloaking != Cloaking::None;
    for (i, p) in rules.phases.iter().enumerate() {
        let field = format!("phases[{i}]");
        if p.fold.is_some() && i + 1 == n {
            report.add(
                format!("{field}.fold"),
                "the last phase cannot fold: a fold applies when a phase ends and another follows; move it to an earlier phase",
            );
        }
        check_seat_list(
            rules,
            &p.locked_seats,
            &format!("{field}.locked_seats"),
            false,
            report,
        );
        if dimensions_ok {
            check_refs(&extent, &p.locked, &format!("{field}.locked"), report);
            check_refs(&extent, &p.cloaked, &format!("{field}.cloaked"), report);
        }
        if !cloaking && !p.cloaked.is_empty() {
            report.add(
                format!("{field}.cloaked"),
                "cloaked spaces need cloaking \"hides\" or \"obscures\"; set cloaking, or leave cloaked out",
            );
        }
    }
    if cloaking && rules.phases.iter().all(|p| p.cloaked.is_empty()) {
        report.add(
            "cloaking",
            format!(
                "cloaking is \"{}\" but no phase cloaks a space; list cloaked spaces in a phase (e.g. [\"all\"]), or set cloaking to \"none\"",
                file_name(&rules.cloaking)
            ),
        );
    }
    if dimensions_ok {
        check_refs(&extent, &rules.sticky, "sticky", report);
    }
    for (i, ex) in rules.exclusive.iter().enumerate() {
        let field = format!("exclusive[{i}]");
        check_seat_list(rules, &ex.seats, &format!("{field}.seats"), true, report);
        if ex.spaces.is_empty() {
            report.add(
                format!("{field}.spaces"),
                "name at least one space, like \"1,1\", \"3\" (a whole stack) or \"all\"",
            );
        }
        if dimensions_ok {
            check_refs(&extent, &ex.spaces, &format!("{field}.spaces"), report);
        }
    }
    check_initial(rules, dimensions_ok, report);
}
