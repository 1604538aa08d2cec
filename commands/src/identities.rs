//! Who a seat of a challenge is: a persona addressed as such, a player of
//! another universe, and who must accept rather than be seated.

use redscience_storage::{Kind, PUBLIC_UNIVERSE, Player, Security};

use crate::context::{Ctx, Refusal, mistyped, refused, said};

/// " (as your persona bob in Narnia)" for a persona, else nothing: how an
/// invitation addresses the person behind a seat.
pub(crate) async fn as_persona(ctx: &Ctx<'_>, player_id: i64) -> String {
    match ctx.storage().player(player_id).await {
        Ok(p) if p.kind == Kind::Persona => {
            format!(" (as your persona {} in {})", p.name, p.universe)
        }
        _ => String::new(),
    }
}

/// A player named in a challenge who is not in the challenger's universe:
/// a person (invited through their same-named persona there) or a
/// standard player (in every universe); anyone else is refused, saying
/// what is accepted.
pub(crate) async fn beyond_universe(ctx: &Ctx<'_>, name: &str) -> Result<Player, Refusal> {
    let storage = ctx.storage();
    let universe = &ctx.player.universe;
    if universe != PUBLIC_UNIVERSE
        && let Some(p) = storage.player_named(name).await.map_err(said)?
        && (p.kind == Kind::Standard || (p.kind == Kind::Human && p.security >= Security::Creator))
    {
        return Ok(p);
    }
    let accepted = format!(
        "Name a player of {universe}{}, `Random`, a standard player, or `open` for a seat anyone here may take; \
         a seat may also be given an augmentation: {}.",
        if universe == PUBLIC_UNIVERSE {
            ", a friend"
        } else {
            ", a friend (who plays here through a persona of the same name)"
        },
        crate::identities::AUGMENTATIONS
    );
    let elsewhere = storage.universes_with(name).await.map_err(said)?;
    if elsewhere.is_empty() {
        return Err(mistyped!(
            "There is no player called \"{name}\". {accepted}"
        ));
    }
    Err(refused!(
        "\"{name}\" plays in {}, not in {universe}, and players play only within one universe. {accepted}",
        elsewhere.join(" and ")
    ))
}

/// Whether a named player must accept: a person, or a persona of a person,
/// other than the requester's own person. Everyone else is put in the seat.
pub(crate) async fn must_accept(ctx: &Ctx<'_>, p: &Player) -> Result<bool, Refusal> {
    if !matches!(p.kind, Kind::Human | Kind::Persona) {
        return Ok(false);
    }
    let storage = ctx.storage();
    let theirs = storage.person_of(p).await.map_err(said)?;
    let mine = storage.person_of(&ctx.player).await.map_err(said)?;
    Ok(theirs.id != mine.id)
}

pub(crate) const AUGMENTATIONS: &str = "alone, reviewing or delegating";
