//! `leaderboard GAME [UNIVERSE] [here]`: a game's players by the sum of
//! shown rating and top burst. The top ten are ranked; at most ten rows are
//! shown, always with Random, the game's standard player and the asker (if
//! they played), the rest from the top; "⋮" marks the rows left out. Each
//! row's player can be shown, and played or befriended as the spec allows;
//! the same board comes as a PNG card.

use std::collections::HashSet;

use redscience_render::{LeaderRow, LeaderboardCard, leaderboard_png};
use redscience_storage::{Kind, Player, Security, Standing, SystemPlayer};

use crate::arguments::Args;
use crate::context::{Answer, Ctx, Refusal, mistyped, refused, said};
use crate::reply::{Choice, ChoiceSet, MAX_CHOICES, Message, Reply};

/// The most rows a leaderboard shows, and the most ranks it gives.
pub const ROWS: usize = 10;

/// The word that keeps only the members of this community.
const HERE: &str = "here";

/// A word as a command line needs it: quoted when it holds a space.
fn word(text: &str) -> String {
    if text.contains(char::is_whitespace) {
        format!("\"{text}\"")
    } else {
        text.to_string()
    }
}

/// What the leaderboard shows, in order: a row of the standings (its
/// index) or a gap of that many rows left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Row(usize),
    Gap(usize),
}

/// Chooses the rows: every `must` row, then the best others, up to
/// `ROWS` (more only when the `must` rows alone are more), in order, with
/// gaps for what lies between and after.
pub fn choose(total: usize, must: &HashSet<usize>) -> Vec<Line> {
    let mut chosen: Vec<usize> = must.iter().copied().filter(|&i| i < total).collect();
    for i in 0..total {
        if chosen.len() >= ROWS {
            break;
        }
        if !must.contains(&i) {
            chosen.push(i);
        }
    }
    chosen.sort_unstable();
    let mut lines = Vec::new();
    let mut next = 0;
    for i in chosen {
        if i > next {
            lines.push(Line::Gap(i - next));
        }
        lines.push(Line::Row(i));
        next = i + 1;
    }
    if next < total {
        lines.push(Line::Gap(total - next));
    }
    lines
}

/// Ranks: 1 to 10 for the best players, in order; Random and standard
/// players are measures, never ranked.
pub fn ranks(standings: &[Standing]) -> Vec<Option<u32>> {
    let mut n = 0u32;
    standings
        .iter()
        .map(|s| {
            if matches!(s.player.kind, Kind::Random | Kind::Standard) {
                return None;
            }
            n += 1;
            (n as usize <= ROWS).then_some(n)
        })
        .collect()
}

/// "ann (A)" for people (per form of augmentation), the bare name otherwise.
fn label(s: &Standing) -> String {
    if s.player.kind == Kind::Human {
        format!("{} ({})", s.player.name, s.augmentation)
    } else {
        s.player.name.clone()
    }
}

/// `leaderboard GAME [UNIVERSE] [here]`.
pub(crate) async fn leaderboard(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let saved = args.saved_game()?;
    let me = &ctx.player;
    let here = args.flag(HERE);
    let universes = ctx.storage().universes_of(me).await.map_err(said)?;
    let universe = match args.text("universe") {
        None => me.universe.clone(),
        Some(asked) => universes
            .iter()
            .find(|u| u.eq_ignore_ascii_case(asked))
            .cloned()
            .ok_or_else(|| {
                mistyped!(
                    "\"{asked}\" is not a universe you play in; yours: {}. `{HERE}` keeps the members \
                     of this community only.",
                    universes.join(", ")
                )
            })?
    };
    if here && ctx.req.place.private {
        return Err(refused!(
            "`{HERE}` keeps the members of the community you ask in, and a private conversation has none. \
             Ask in a channel, or write `leaderboard {}` for everyone.",
            word(&saved.name)
        ));
    }
    let storage = ctx.storage();
    let mut standings = storage.standings(saved.id, &universe).await.map_err(said)?;
    if here {
        let members = storage
            .community_members(&ctx.req.place.channel_ref())
            .await
            .map_err(said)?;
        standings.retain(|s| {
            members.contains(&s.player.id)
                || s.player.id == me.id
                || matches!(s.player.kind, Kind::Random | Kind::Standard)
        });
    }
    let ranks = ranks(&standings);
    let must: HashSet<usize> = standings
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.player.id == me.id || matches!(s.player.kind, Kind::Random | Kind::Standard)
        })
        .map(|(i, _)| i)
        .collect();
    let lines = choose(standings.len(), &must);
    let now = storage.now();

    let whose = if here {
        if ctx.req.place.community.is_some() {
            ", members of this community"
        } else {
            ", players of this channel"
        }
    } else {
        ""
    };
    let place = if universes.len() > 1 {
        format!(" in {universe}")
    } else {
        String::new()
    };
    let mut text = format!(
        "{} leaderboard{place}{whose}, by rating + top burst (the top ten are ranked; how long each rating has held in parentheses):",
        saved.name
    );
    let mut rows = Vec::new();
    for line in &lines {
        match line {
            Line::Gap(n) => {
                text.push_str(&format!(
                    "\n⋮ {n} more {}",
                    if *n == 1 { "player" } else { "players" }
                ));
                rows.push(LeaderRow {
                    name: "\u{2026}".to_string(),
                    ..LeaderRow::default()
                });
            }
            Line::Row(i) => {
                let s = &standings[*i];
                let held = crate::ratings::held_for(&s.rating, now);
                let mine = s.player.id == me.id;
                text.push_str(&format!(
                    "\n{}{} {}{} {:+}{}",
                    ranks[*i].map_or("- ".to_string(), |r| format!("{r}. ")),
                    label(s),
                    crate::ratings::figure(&s.rating),
                    held.as_ref().map_or(String::new(), |h| format!(" ({h})")),
                    s.rating.top_burst,
                    if mine { "  ← you" } else { "" }
                ));
                rows.push(LeaderRow {
                    rank: ranks[*i],
                    name: label(s),
                    rating: s.rating.shown(),
                    provisional: s.rating.provisional(),
                    held_for: held.unwrap_or_default(),
                    top_burst: s.rating.top_burst,
                    highlight: mine,
                });
            }
        }
    }
    if lines
        .iter()
        .any(|l| matches!(l, Line::Row(i) if standings[*i].rating.provisional()))
    {
        text.push_str(&format!("\n{}", crate::ratings::PROVISIONAL_NOTE));
    }
    let played = |s: &Standing| s.rating.played > 0;
    if !standings.iter().any(played) {
        text.push_str(&format!(
            "\nNobody has played {} rated yet, so Random and the standard player stand at the beginner's rating. \
             `challenge {} Random` starts a match.",
            saved.name,
            word(&saved.name)
        ));
    } else if !standings.iter().any(|s| s.player.id == me.id) {
        text.push_str(&format!(
            "\nYou have not played {} rated yet{}.",
            saved.name,
            if universe == me.universe {
                ""
            } else {
                " in this universe"
            }
        ));
    }
    // The machines, offered as commands to type.
    text.push('\n');
    let alone = saved.rules.players.player_seats() == 1 && !saved.rules.players.has_chaos();
    text.push_str(&crate::machines::offer(&saved.name, alone));

    let buttons = buttons(ctx, &saved.name, &standings, &lines).await?;
    let card = LeaderboardCard {
        title: format!("{} leaderboard{place}", saved.name),
        rows,
    };
    let png = ctx
        .services
        .cpu(move || leaderboard_png(&card))
        .await?
        .map_err(|e| format!("The leaderboard could not be drawn ({e}); please try again."))?;
    let mut message = Message::new(ctx.here(), text)
        .with_attachment(format!("leaderboard-{}.png", file_name(&saved.name)), png);
    if !buttons.is_empty() {
        message = message.with_choices(ChoiceSet::Buttons(buttons));
    }
    Ok(Reply::one(message))
}

fn file_name(game: &str) -> String {
    game.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// What each shown player offers, once per player: Show; Play for
/// friends, non-humans and one's own personas; a friend request (or its
/// acceptance) for other people. Nothing but Show on one's own rows.
async fn buttons(
    ctx: &Ctx<'_>,
    game: &str,
    standings: &[Standing],
    lines: &[Line],
) -> Result<Vec<Choice>, Refusal> {
    let me = &ctx.player;
    let storage = ctx.storage();
    let person = storage.person_of(me).await.map_err(said)?;
    let friends = storage.friends(person.id).await.map_err(said)?;
    let is_in = |list: &[Player], p: &Player| list.iter().any(|f| f.id == p.id);
    let mut done = HashSet::new();
    let mut out = Vec::new();
    for line in lines {
        let Line::Row(i) = line else { continue };
        let p = &standings[*i].player;
        if !done.insert(p.id) {
            continue;
        }
        out.push(Choice::new(
            format!("stats {} {}", word(&p.name), word(game)),
            format!("Show {}", p.name),
        ));
        if p.id == me.id {
            continue;
        }
        let own_persona = p.kind == Kind::Persona && p.parent_id == Some(person.id);
        if p.kind != Kind::Human || is_in(&friends.friends, p) || own_persona {
            let name = if p.kind == Kind::Random {
                SystemPlayer::Random
                    .name()
                    .trim_start_matches('*')
                    .to_string()
            } else {
                p.name.clone()
            };
            out.push(Choice::new(
                format!("challenge {} {}", word(game), word(&name)),
                format!("Play {}", p.name),
            ));
        } else if is_in(&friends.incoming, p) {
            out.push(Choice::new(
                format!("friend accept {}", word(&p.name)),
                format!("Accept {}'s friend request", p.name),
            ));
        } else if me.security >= Security::Creator
            && p.security >= Security::Creator
            && !is_in(&friends.outgoing, p)
            && !is_in(&friends.banned, p)
            && !storage.has_banned(p.id, me.id).await.map_err(said)?
        {
            out.push(Choice::new(
                format!("friend add {}", word(&p.name)),
                format!("Add {} to friends", p.name),
            ));
        }
    }
    out.truncate(MAX_CHOICES);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[usize]) -> HashSet<usize> {
        items.iter().copied().collect()
    }

    #[test]
    fn few_players_show_all_without_gaps() {
        let lines = choose(3, &set(&[2]));
        assert_eq!(lines, [Line::Row(0), Line::Row(1), Line::Row(2)]);
    }

    #[test]
    fn the_must_rows_push_out_the_lowest_and_gaps_mark_what_is_left_out() {
        // 20 players; the asker is 15th (index 14), Random last.
        let lines = choose(20, &set(&[14, 19]));
        let mut expected: Vec<Line> = (0..8).map(Line::Row).collect();
        expected.extend([Line::Gap(6), Line::Row(14), Line::Gap(4), Line::Row(19)]);
        assert_eq!(lines, expected);
        assert_eq!(
            lines.iter().filter(|l| matches!(l, Line::Row(_))).count(),
            ROWS
        );
    }

    #[test]
    fn rows_after_the_last_shown_are_a_gap_too() {
        let lines = choose(12, &set(&[0]));
        assert_eq!(lines.len(), ROWS + 1);
        assert_eq!(lines[ROWS], Line::Gap(2));
    }
}
