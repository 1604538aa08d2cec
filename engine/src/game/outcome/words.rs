//! An outcome in words a player understands, with the seat names the
//! caller knows ("ann (black)") or the engine's own ("Player 1 (black)"):
//! who won, which rule decided, what it counted and where.

use super::explain::{BoardEnding, Explanation, Fired, Measured, Rule, StalemateCause};
use super::{Outcome, SeatResult, join_and};
use crate::game::Game;
use crate::game::words::capitalise;
use crate::rules::{StalemateRule, TurnCheck};

/// Names a seat (0-based) for the reader.
pub type Label<'a> = &'a dyn Fn(usize) -> String;

/// The engine's names for seats: "Player 1 (black)", "Chaos (pink)".
pub fn default_label(game: &Game) -> impl Fn(usize) -> String + '_ {
    |seat| {
        let s = &game.seats[seat];
        format!("{} ({})", s.label(), game.seat_colors_name(seat))
    }
}

impl Outcome {
    /// Who won, in the caller's names: "Victory: ann (black)", "Draw",
    /// "Everyone loses", or "No winner: bob (white) loses; ann (black) draws".
    pub fn headline(&self, label: Label) -> String {
        let with = |result: SeatResult| -> Vec<String> {
            (0..self.results.len())
                .filter(|&i| self.results[i] == result)
                .map(label)
                .collect()
        };
        let (winners, losers, drawers) = (
            with(SeatResult::Win),
            with(SeatResult::Loss),
            with(SeatResult::Draw),
        );
        if !winners.is_empty() {
            format!("Victory: {}", join_and(&winners))
        } else if drawers.is_empty() {
            "Everyone loses".to_string()
        } else if losers.is_empty() {
            "Draw".to_string()
        } else {
            format!(
                "No winner: {} {}; {} {}",
                join_and(&losers),
                verb(losers.len(), "loses", "lose"),
                join_and(&drawers),
                verb(drawers.len(), "draws", "draw")
            )
        }
    }

    /// Why, in sentences: the rule that decided each board with what it
    /// counted or the line made and where, who was disqualified, the boards
    /// each won, and the Chaos rules when they decided Chaos's result.
    pub fn explain(&self, game: &Game, label: Label) -> Vec<String> {
        let (boards, won) = match &self.explanation {
            Explanation::AgreedDraw => return vec!["Every player agreed to a draw.".to_string()],
            Explanation::Match(fired) => {
                let words = Words { game, label };
                let mut out = vec![words.fired(fired)];
                out.extend(words.chaos_rule(&self.results, &[]));
                return out;
            }
            Explanation::Boards { boards, won } => (boards, won),
            Explanation::Left { seats, then } => {
                return self.explain_left(game, label, seats, then);
            }
        };
        let words = Words { game, label };
        let mut out = Vec::new();
        if let [only] = boards.as_slice() {
            out.extend(only.stalemate.map(StalemateCause::words));
            out.extend(words.board(only));
        } else {
            let causes: Vec<_> = boards.iter().map(|b| b.stalemate).collect();
            let shared = causes.windows(2).all(|w| w[0] == w[1]);
            if shared && let Some(Some(cause)) = causes.first() {
                out.push(cause.words());
            }
            // "Most pieces wins, on each board." once, then each board's counts.
            let groups: Vec<Option<(String, String)>> =
                boards.iter().map(|b| words.measured_alone(b)).collect();
            let same_rules = groups
                .iter()
                .all(|g| g.as_ref().map(|g| &g.0) == groups[0].as_ref().map(|g| &g.0));
            if same_rules && let Some(Some((rules, _))) = groups.first() {
                out.push(format!("{rules}, on each board."));
            }
            for (b, group) in boards.iter().zip(&groups) {
                let mut sentences = Vec::new();
                if !shared && let Some(cause) = b.stalemate {
                    sentences.push(cause.words());
                }
                match group {
                    Some((_, counts)) if same_rules => sentences.push(format!("{counts}.")),
                    _ => sentences.extend(words.board(b)),
                }
                sentences.push(words.board_result(b));
                out.push(format!("Board {}: {}", b.board, sentences.join(" ")));
            }
            out.push(words.tally(won));
        }
        out.extend(words.chaos_rule(&self.results, boards));
        out
    }
}

impl Outcome {
    /// Why, when seats left the match: how the rules ended it (if they
    /// did), then who left and what that made of them.
    fn explain_left(
        &self,
        game: &Game,
        label: Label,
        left: &[usize],
        then: &Option<Box<Explanation>>,
    ) -> Vec<String> {
        let leavers: Vec<String> = left.iter().map(|&s| label(s)).collect();
        let leavers_lose = format!(
            "{} left the match, so {}.",
            join_and(&leavers),
            verb(leavers.len(), "loses", "lose")
        );
        if let Some(then) = then {
            let by_rules = Outcome {
                results: self.results.clone(),
                explanation: (**then).clone(),
            };
            let mut out = by_rules.explain(game, label);
            out.push(leavers_lose);
            return out;
        }
        let winners: Vec<String> = (0..self.results.len())
            .filter(|&s| self.results[s] == SeatResult::Win)
            .map(label)
            .collect();
        let mut teams: Vec<usize> = (0..self.results.len())
            .filter(|&s| self.results[s] == SeatResult::Win)
            .map(|s| game.seats[s].team)
            .collect();
        teams.sort_unstable();
        teams.dedup();
        let winning_teams = teams.len();
        let mut out = vec![leavers_lose];
        match game.chaos_seat() {
            Some(chaos) if winners == [label(chaos)] => {
                out.push(format!("No player is left, so {} wins.", label(chaos)));
            }
            _ if winning_teams == 1 => out.push(format!(
                "{} {} the last still playing, so {}.",
                join_and(&winners),
                verb(winners.len(), "is", "are"),
                verb(winners.len(), "wins", "win")
            )),
            _ if winning_teams > 1 => out.push(format!(
                "{} were still playing, so they share the win.",
                join_and(&winners)
            )),
            _ => {}
        }
        out
    }
}

fn verb(count: usize, one: &'static str, several: &'static str) -> &'static str {
    if count == 1 { one } else { several }
}

/// Lower-cases the first letter, to join rule words in one sentence.
fn uncapitalise(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

struct Words<'a> {
    game: &'a Game,
    label: Label<'a>,
}

impl Words<'_> {
    /// The seats of a team, named: "ann (black)", "ann (black) and cy (black)".
    fn team(&self, team: usize) -> String {
        let seats: Vec<String> = (0..self.game.seats.len())
            .filter(|&i| self.game.seats[i].team == team)
            .map(self.label)
            .collect();
        join_and(&seats)
    }

    fn teams(&self, named: &[bool]) -> (String, usize) {
        let names: Vec<String> = (0..named.len())
            .filter(|&t| named[t])
            .map(|t| self.team(t))
            .collect();
        (join_and(&names), names.len())
    }

    /// "stack 1", "stacks 1 and 3", "stack (2,3)": the stacks holding `cells`.
    fn stacks(&self, cells: &[u16]) -> String {
        let geo = &self.game.geometry;
        let mut names: Vec<String> = Vec::new();
        for &cell in cells {
            let c = geo.coord(cell);
            let name = if geo.dims[1] > 1 {
                format!("({},{})", c.x, c.y)
            } else {
                c.x.to_string()
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
        match names.as_slice() {
            [one] => format!("stack {one}"),
            [rest @ .., last] => format!("stacks {} and {last}", rest.join(", ")),
            [] => String::new(),
        }
    }

    fn cells(&self, cells: &[u16]) -> String {
        let geo = &self.game.geometry;
        match cells {
            [] => String::new(),
            [one] => format!("at {}", geo.name(*one)),
            [first, .., last] => format!("from {} to {}", geo.name(*first), geo.name(*last)),
        }
    }

    /// The sentences for one board: the rules that fired, those measuring
    /// the same thing grouped with one count, then who was disqualified.
    fn board(&self, b: &BoardEnding) -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.fired.len() {
            let same = b.fired[i..]
                .iter()
                .take_while(|g| {
                    matches!(g.measured, Measured::PerTeam(_)) && g.measured == b.fired[i].measured
                })
                .count();
            if same > 0 {
                let (rules, counts) = self.measured(&b.fired[i..i + same]);
                out.push(format!("{rules}: {counts}."));
                i += same;
            } else {
                out.push(self.fired(&b.fired[i]));
                i += 1;
            }
        }
        if b.disqualified.iter().any(|d| *d) {
            let (names, n) = self.teams(&b.disqualified);
            out.push(if n == 1 {
                format!(
                    "{names} was disqualified as an overachiever (the first named a winner): \
                     {names} loses, and the others are judged without them."
                )
            } else {
                format!(
                    "{names} were disqualified as overachievers (the first named winners): \
                     they lose, and the others are judged without them."
                )
            });
        }
        out
    }

    /// Rules that measured the same thing, in words, and the counts:
    /// ("Most pieces wins, least pieces loses", "ann (black) 2, bob (white) 0").
    fn measured(&self, group: &[Fired]) -> (String, String) {
        let rules: Vec<String> = group
            .iter()
            .enumerate()
            .map(|(k, g)| match k {
                0 => g.rule.words(),
                _ => uncapitalise(&g.rule.words()),
            })
            .collect();
        let counts = match &group[0].measured {
            Measured::PerTeam(values) => self.counts(&group[0], values),
            _ => String::new(),
        };
        (rules.join(", "), counts)
    }

    /// A board decided by rules that all measured one thing, with no one
    /// disqualified: the rules and the counts, to tell several boards
    /// alike in one sentence each.
    fn measured_alone(&self, b: &BoardEnding) -> Option<(String, String)> {
        let first = b.fired.first()?;
        let alike = matches!(first.measured, Measured::PerTeam(_))
            && b.fired.iter().all(|f| f.measured == first.measured)
            && !b.disqualified.iter().any(|d| *d);
        alike.then(|| self.measured(&b.fired))
    }

    /// "ann (black) 2, bob (white) 0", in seat order (the same on every
    /// board), with Chaos first for "than Chaos" rules: the yardstick.
    fn counts(&self, f: &Fired, values: &[u32]) -> String {
        let chaos_first = matches!(
            f.rule,
            Rule::Stalemate(
                StalemateRule::MoreThanChaos { .. } | StalemateRule::LessThanChaos { .. }
            )
        );
        let chaos_team = self.game.chaos_seat().map(|c| self.game.seats[c].team);
        let mut teams: Vec<usize> = (0..values.len()).collect();
        teams.sort_by_key(|&t| !(chaos_first && Some(t) == chaos_team));
        let parts: Vec<String> = teams
            .iter()
            .map(|&t| format!("{} {}", self.team(t), values[t]))
            .collect();
        parts.join(", ")
    }

    /// One rule that fired, measuring nothing per team: what happened,
    /// then the rule.
    fn fired(&self, f: &Fired) -> String {
        let rule = f.rule.words();
        let (named, n) = self.teams(&f.named);
        let fact = match &f.rule {
            Rule::Check(TurnCheck::InARow { .. } | TurnCheck::AllLoseIfInARow { .. }) => {
                let lines: Vec<String> = f
                    .lines
                    .iter()
                    .map(|line| {
                        let who = match line.team {
                            Some(team) => self.team(team),
                            None => capitalise(line.color.name()),
                        };
                        format!(
                            "{who} made {} in a row {}",
                            line.cells.len(),
                            self.cells(&line.cells)
                        )
                    })
                    .collect();
                Some(lines.join("; "))
            }
            Rule::Check(TurnCheck::ReachGoal { .. }) => Some(format!(
                "{named} reached {} goal {}",
                verb(n, "its", "their"),
                self.cells(&f.cells)
            )),
            Rule::Check(TurnCheck::ConnectSides { .. }) => Some(format!(
                "{named} joined {} sides {}",
                verb(n, "its", "their"),
                self.cells(&f.cells)
            )),
            Rule::Check(TurnCheck::StackOfColors { colors, .. }) => Some(format!(
                "{named} stacked {colors} of {} colours in {}",
                verb(n, "its", "their"),
                self.stacks(&f.cells)
            )),
            Rule::Check(TurnCheck::AnyPiece { .. }) => {
                Some(format!("Pieces on the board: {named}"))
            }
            Rule::Check(TurnCheck::LastShape { shape, .. }) => Some(format!(
                "{named} {} the last {}",
                verb(n, "holds", "hold"),
                shape.plural()
            )),
            Rule::Check(TurnCheck::ChaosWinsIfTotalAbove { shape, .. }) => match f.measured {
                Measured::Total(total) => Some(format!("{total} {} on the board", shape.plural())),
                _ => None,
            },
            Rule::Stalemate(StalemateRule::MoverWins | StalemateRule::MoverLoses) if n > 0 => {
                Some(format!("{named} made the last turn"))
            }
            Rule::NoMove(_) => Some(format!("{named} had no legal move")),
            Rule::Repetition(crate::rules::Repetition::RepeaterLoses) => {
                Some(format!("{named} repeated a turn in the same position"))
            }
            Rule::Repetition(_) => {
                Some("A turn repeated an earlier one in the same position".into())
            }
            Rule::Stalemate(StalemateRule::LastInARow { length, .. }) => Some(if n > 0 {
                format!("{named} completed the last {length} in a row")
            } else {
                format!("Nobody completed {length} in a row")
            }),
            _ => None,
        };
        match fact {
            Some(fact) => format!("{fact}. {rule}."),
            None => format!("{rule}."),
        }
    }

    /// "Winner: ann (black).", "A tie, which counts for no one.", ...
    fn board_result(&self, b: &BoardEnding) -> String {
        let winners: Vec<usize> = (0..b.results.len())
            .filter(|&i| b.results[i] == SeatResult::Win)
            .collect();
        let teams_won = winners
            .iter()
            .map(|&i| self.game.seats[i].team)
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        if !winners.is_empty() && teams_won == self.game.teams.count {
            "A tie, which counts for no one.".to_string()
        } else if !winners.is_empty() {
            let names: Vec<String> = winners.iter().map(|&i| (self.label)(i)).collect();
            format!(
                "{}: {}.",
                verb(names.len(), "Winner", "Winners"),
                join_and(&names)
            )
        } else if b.results.iter().all(|r| *r == SeatResult::Loss) {
            "Everyone loses it.".to_string()
        } else {
            "No one wins it.".to_string()
        }
    }

    /// "Boards won: ann (black) 2, bob (white) 1." Chaos is left out when
    /// it won none.
    fn tally(&self, won: &[usize]) -> String {
        let chaos_team = self.game.chaos_seat().map(|c| self.game.seats[c].team);
        let parts: Vec<String> = (0..won.len())
            .filter(|&t| won[t] > 0 || Some(t) != chaos_team)
            .map(|t| format!("{} {}", self.team(t), won[t]))
            .collect();
        format!("Boards won: {}.", parts.join(", "))
    }

    /// "Every player won, so Chaos loses." (and the mirror), when the
    /// Chaos rules, not a rule naming Chaos, decided Chaos's result.
    fn chaos_rule(&self, results: &[SeatResult], boards: &[BoardEnding]) -> Option<String> {
        let chaos = self.game.chaos_seat()?;
        let team = self.game.seats[chaos].team;
        let players: Vec<SeatResult> = (0..results.len())
            .filter(|&i| i != chaos)
            .map(|i| results[i])
            .collect();
        let named = boards
            .iter()
            .flat_map(|b| &b.fired)
            .any(|f| f.named.get(team).copied().unwrap_or(false));
        let name = (self.label)(chaos);
        if players.iter().all(|r| *r == SeatResult::Win) && results[chaos] == SeatResult::Loss {
            Some(format!("Every player won, so {name} loses."))
        } else if players.iter().all(|r| *r == SeatResult::Loss)
            && results[chaos] == SeatResult::Win
            && !named
        {
            Some(format!("Every player lost, so {name} wins."))
        } else {
            None
        }
    }
}
