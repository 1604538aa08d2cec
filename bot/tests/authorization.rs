//! The authorization matrix: every command of the bot (as `help` lists it,
//! read from the command model) against every security level (Anonymous,
//! Persona, Creator, Trainer, Admin) and every relation of the actor to
//! the thing acted on (owner, seat holder, other seat, spectator, friend,
//! stranger, banned). Each row says what the actor may do; a refused row
//! must say why and leave the database as it was, an allowed row must say
//! so and write what it does (a move recorded, a challenge made). Private
//! commands are answered privately, plans are taken only privately and only
//! for the planner's own seat, and security tokens work once.
//!
//! Each template runs on a world of its own (the same people, matches,
//! challenges and friendships), built through the console chat. Runs on
//! PostgreSQL when `DATABASE_URL` names a server, on SQLite otherwise.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use common::{Chat, Setup, Snapshot};
use redscience_commands::syntax;
use redscience_storage::entities;
use redscience_storage::sea_orm::EntityTrait;
use redscience_storage::{ChatId, Purpose, Security, Storage, SystemPlayer};

/// Who acts: a security level, and a relation to the thing acted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Actor {
    /// Made the thing: the challenger of a match or challenge, the saver
    /// of a game, the person a friend command names.
    Owner,
    /// Holds the seat the thing waits for (the seat to move; the person a
    /// challenge names).
    Seat,
    /// Holds another seat of the match (not the one to move).
    OtherSeat,
    /// Speaks in the match's channel, with no seat and no friendship.
    Spectator,
    /// A friend of the owner, with no seat.
    Friend,
    /// Nobody the owner knows, speaking in another channel.
    Stranger,
    /// Banned by the owner.
    Banned,
    /// A chat account speaking for the shared anonymous record.
    Anonymous,
    /// A person acting as their persona (`persona use`).
    Persona,
    /// A Trainer with no seat.
    Trainer,
    /// An Admin with no seat.
    Admin,
}

use Actor::*;

const ACTORS: [Actor; 11] = [
    Owner, Seat, OtherSeat, Spectator, Friend, Stranger, Banned, Anonymous, Persona, Trainer, Admin,
];

impl Actor {
    /// The security level the actor acts at.
    fn level(self) -> Security {
        match self {
            Anonymous => Security::Anonymous,
            Persona => Security::Persona,
            Trainer => Security::Trainer,
            Admin => Security::Admin,
            _ => Security::Creator,
        }
    }
}

/// What a matrix row expects.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// Allowed, says this, and writes to this table.
    Allow(&'static str, &'static str),
    /// Allowed, says this, and writes nothing.
    Read(&'static str),
    /// Refused, saying this, and nothing written.
    Refuse(&'static str),
    /// Allowed and says this; what it writes is the storage's business
    /// (a leaderboard makes the game's standard player the first time).
    Said(&'static str),
}

/// Where a line is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// The channel of the world's matches (the Stranger speaks in another).
    Channel,
    /// A private conversation with the bot.
    Private,
}

/// What the actor relations of a template are relative to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Thing {
    /// ann's three-person match with bob and cal (unrated, passes, draws).
    Match,
    /// ann's RockPaperScissors match with bob: sealed plans.
    Secret,
    /// The Trainer's match against Random.
    TrainerMatch,
    /// The Admin's match against Random.
    AdminMatch,
    /// ann's match with ben, whom she banned after it began.
    BannedMatch,
    /// pat's persona's match against Random.
    PersonaMatch,
    /// ann's challenge naming the seat holder of the match.
    Named,
    /// ann's challenge with an open seat.
    Open,
    /// ann herself, or what she saved (her game), or a command about
    /// nothing in particular.
    Ann,
}

/// One template of the matrix: a command line and what each actor gets.
struct Template {
    /// With placeholders: {M} {S} {T} {A} {B} (matches), {C1} {C2}
    /// (challenges), {cell} (a free cell of {M}), {me} (the actor's name),
    /// {file} (a rule-set file).
    line: &'static str,
    place: Place,
    thing: Thing,
    /// Lines said before the rows, by an actor.
    setup: &'static [(Actor, &'static str)],
    rows: &'static [(Actor, Expect)],
    /// What every actor not in `rows` gets.
    others: Expect,
    /// Text that must only ever be said privately, to the actor.
    secret: Option<&'static str>,
    /// Each allowed row on a world of its own (allowed rows interfere).
    fresh_each: bool,
}

const fn t(line: &'static str, thing: Thing) -> Template {
    Template {
        line,
        place: Place::Channel,
        thing,
        setup: &[],
        rows: &[],
        others: Expect::Read(""),
        secret: None,
        fresh_each: false,
    }
}

impl Template {
    const fn privately(self) -> Template {
        Template {
            place: Place::Private,
            ..self
        }
    }
    const fn rows(self, rows: &'static [(Actor, Expect)], others: Expect) -> Template {
        Template {
            rows,
            others,
            ..self
        }
    }
    const fn setup(self, setup: &'static [(Actor, &'static str)]) -> Template {
        Template { setup, ..self }
    }
    const fn secret(self, text: &'static str) -> Template {
        Template {
            secret: Some(text),
            ..self
        }
    }
    const fn fresh_each(self) -> Template {
        Template {
            fresh_each: true,
            ..self
        }
    }

    fn expect(&self, actor: Actor) -> Expect {
        self.rows
            .iter()
            .find(|(a, _)| *a == actor)
            .map_or(self.others, |(_, e)| *e)
    }
}

use Expect::{Allow, Read, Refuse, Said};
use Thing::*;

const NO_SEAT: Expect = Refuse("You have no seat in match");
const NOT_YOURS: Expect = Refuse("'s turn in match");
const NO_FRIENDS: Expect = Refuse("only Creators, Trainers and Admins have friends");
const NOT_TRAINER: Expect = Refuse("only Trainers and Admins stop the clock");
const CANNOT_SAVE: Expect = Refuse("cannot save games");

/// The matrix. Rows not listed get the template's `others`.
const MATRIX: &[Template] = &[
    // help
    t("help", Ann).rows(&[], Read("Commands (`help COMMAND` explains one)")),
    t("help move", Ann).rows(&[], Read("`move [#MATCH] TEXT`")),
    // game
    t("game list", Ann).rows(&[], Read("Ann-Game")),
    t("game show Ann-Game", Ann).rows(&[], Read("**Ann-Game**")),
    t("game export Ann-Game", Ann).rows(&[], Read("Ann-Game as a rule-set file")),
    t("game create", Ann).rows(
        &[(Anonymous, CANNOT_SAVE)],
        Read("`cancel` leaves the wizard"),
    ),
    t("game copy Tic-Tac-Toe", Ann).rows(
        &[(Anonymous, CANNOT_SAVE)],
        Read("`cancel` leaves the wizard"),
    ),
    t("game import {me}-Import << {file}", Ann)
        .rows(&[(Anonymous, CANNOT_SAVE)], Allow("Saved ", "rule_sets"))
        .fresh_each(),
    t("game rename Ann-Game Ann-Renamed", Ann).rows(
        &[(
            Admin,
            Allow("Ann-Game is now called Ann-Renamed", "rule_sets"),
        )],
        Refuse("only Admins rename games"),
    ),
    // challenge
    t("challenge Tic-Tac-Toe Random", Ann).rows(&[], Allow("of Tic-Tac-Toe starts", "matches")),
    t("challenge Tic-Tac-Toe Random", Ann)
        .privately()
        .rows(&[], Refuse("in a channel, where people can answer")),
    t("challenge Tic-Tac-Toe open", Ann).rows(
        &[
            (
                Anonymous,
                Refuse("Anonymous players play only against non-humans"),
            ),
            // The world holds ann's own open challenge: a repeat points to it.
            (Owner, Refuse("You already challenged anyone here")),
        ],
        Allow("anyone here (an open seat)", "challenges"),
    ),
    t("challenge Tic-Tac-Toe ann", Ann).rows(
        &[
            (Owner, Refuse("You cannot challenge yourself")),
            (Seat, Allow("challenges ann to Tic-Tac-Toe", "challenges")),
            (
                OtherSeat,
                Allow("challenges ann to Tic-Tac-Toe", "challenges"),
            ),
            (Friend, Allow("challenges ann to Tic-Tac-Toe", "challenges")),
            (Banned, Refuse("ann is not accepting challenges from you")),
            (
                Anonymous,
                Refuse("Anonymous players play only against non-humans"),
            ),
        ],
        Refuse("ann is not your friend yet"),
    ),
    // accept, decline, cancel
    t("accept {C1}", Named).rows(
        &[
            (Owner, Refuse("You are already in challenge")),
            (Seat, Allow("of Tic-Tac-Toe starts", "matches")),
        ],
        Refuse("is not addressed to you and has no open seat"),
    ),
    t("accept {C1}", Named).privately().rows(
        &[
            (Owner, Refuse("You are already in challenge")),
            (Seat, Allow("of Tic-Tac-Toe starts", "matches")),
        ],
        Refuse("is not addressed to you and has no open seat"),
    ),
    t("accept {C2}", Open)
        .rows(
            &[
                (Owner, Refuse("You are already in challenge")),
                (Stranger, Refuse("open seat of challenge")),
                (
                    Anonymous,
                    Refuse("Anonymous players play only against non-humans"),
                ),
            ],
            Allow("of Tic-Tac-Toe starts", "matches"),
        )
        .fresh_each(),
    t("accept {C2}", Open).privately().rows(
        &[
            (Owner, Refuse("You are already in challenge")),
            (
                Anonymous,
                Refuse("Anonymous players play only against non-humans"),
            ),
        ],
        Refuse("open seat of challenge"),
    ),
    t("decline {C1}", Named).rows(
        &[(Seat, Allow("declined challenge", "challenges"))],
        Refuse("does not wait for your answer"),
    ),
    t("decline {C2}", Open).rows(&[], Refuse("does not wait for your answer")),
    t("cancel {C1}", Named).rows(
        &[(Owner, Allow("ann cancelled challenge", "challenges"))],
        Refuse("Only its challenger can cancel challenge"),
    ),
    t("cancel {C2}", Open).rows(
        &[(Owner, Allow("ann cancelled challenge", "challenges"))],
        Refuse("Only its challenger can cancel challenge"),
    ),
    // playing
    t("move #{M} {cell}", Match).rows(
        &[
            (Owner, NOT_YOURS),
            (Seat, Allow(" to (5,5)", "moves")),
            (OtherSeat, NOT_YOURS),
        ],
        NO_SEAT,
    ),
    t("move #{M} {cell}", Match).privately().rows(
        &[
            (Owner, NOT_YOURS),
            (Seat, Allow("Recorded for match", "moves")),
            (OtherSeat, NOT_YOURS),
        ],
        NO_SEAT,
    ),
    t("move #{S} x 1", Secret).rows(
        &[
            (Seat, Refuse("are secret: send `plan")),
            (OtherSeat, Refuse("are secret: send `plan")),
        ],
        NO_SEAT,
    ),
    t("plan #{S} x 1", Secret).rows(
        &[
            (Seat, Refuse("are secret: send `plan")),
            (OtherSeat, Refuse("are secret: send `plan")),
        ],
        NO_SEAT,
    ),
    t("plan #{S} x 1", Secret)
        .privately()
        .rows(
            &[
                // The other seat's early plan (a row that writes nothing
                // to the move log, so it runs first) is judged with it.
                (
                    Seat,
                    Allow("White paper (X) to the table (stack 1)", "moves"),
                ),
                (OtherSeat, Said("is sealed;")),
            ],
            NO_SEAT,
        )
        .fresh_each(),
    t("plan #{M} {cell}", Match).rows(
        &[
            (Owner, Refuse("Plans are secret")),
            (Seat, Refuse("Plans are secret")),
            (OtherSeat, Refuse("Plans are secret")),
        ],
        NO_SEAT,
    ),
    t("pass #{M}", Match).rows(
        &[
            (Owner, NOT_YOURS),
            (Seat, Allow("pass", "moves")),
            (OtherSeat, NOT_YOURS),
        ],
        NO_SEAT,
    ),
    t("draw #{M}", Match).rows(
        &[
            (Owner, NOT_YOURS),
            (Seat, Allow("Offer to draw", "moves")),
            (OtherSeat, NOT_YOURS),
        ],
        NO_SEAT,
    ),
    t("agree #{M}", Match).setup(&[(Seat, "draw #{M}")]).rows(
        &[
            (Owner, NOT_YOURS),
            (Seat, NOT_YOURS),
            (OtherSeat, Allow("agree", "moves")),
        ],
        NO_SEAT,
    ),
    t("refuse #{M}", Match).setup(&[(Seat, "draw #{M}")]).rows(
        &[
            (Owner, NOT_YOURS),
            (Seat, NOT_YOURS),
            (OtherSeat, Allow("refuse", "moves")),
        ],
        NO_SEAT,
    ),
    // A spectator sees the public board in the match's own channel (where
    // it is shown anyway), never elsewhere.
    t("board #{M}", Match).rows(&[(Stranger, NO_SEAT)], Read("of Ann-Game")),
    t("move #{P} {pcell}", PersonaMatch).rows(&[(Persona, Allow(" to (", "moves"))], NO_SEAT),
    t("board #{P}", PersonaMatch)
        .privately()
        .rows(&[(Persona, Read("of Tic-Tac-Toe: Player"))], NO_SEAT),
    t("board #{S}", Secret).privately().rows(
        &[
            (Seat, Read("of RockPaperScissors")),
            (OtherSeat, Read("of RockPaperScissors")),
        ],
        NO_SEAT,
    ),
    t("games", Ann).rows(
        &[(Anonymous, Read("You have no unfinished match"))],
        Read("unfinished match"),
    ),
    t("resign #{P}", PersonaMatch).rows(&[(Persona, Allow("pat-p resigned", "matches"))], NO_SEAT),
    t("resign #{M}", Match)
        .rows(
            &[
                // A match of three: the seat leaves (its row), the others play on.
                (Owner, Allow("ann resigned", "seats")),
                (Seat, Allow(" resigned", "seats")),
                (OtherSeat, Allow(" resigned", "seats")),
            ],
            NO_SEAT,
        )
        .fresh_each(),
    t("undo #{M}", Match).rows(
        &[
            (Owner, Allow("Took back your last turn", "moves")),
            (Seat, Refuse("moved")),
            (OtherSeat, Refuse("moved")),
        ],
        NO_SEAT,
    ),
    t("rematch #{M}", Match).rows(
        &[
            (Owner, Allow("to Ann-Game (challenge", "challenges")),
            (Seat, Allow("to Ann-Game (challenge", "challenges")),
            (OtherSeat, Allow("to Ann-Game (challenge", "challenges")),
        ],
        Refuse("You had no seat in match"),
    ),
    t("rematch #{B}", BannedMatch).rows(
        &[
            (Owner, Allow("to Tic-Tac-Toe (challenge", "challenges")),
            (Banned, Refuse("ann is not accepting challenges from you")),
        ],
        Refuse("You had no seat in match"),
    ),
    // tokens
    t("token", Ann)
        .rows(
            &[(
                Anonymous,
                Refuse("only Creators, Trainers and Admins get security tokens"),
            )],
            Allow("I sent you a security token privately", "security_tokens"),
        )
        .secret("Your security token"),
    t("token", Ann)
        .privately()
        .rows(
            &[(
                Anonymous,
                Refuse("only Creators, Trainers and Admins get security tokens"),
            )],
            Allow("Your security token", "security_tokens"),
        )
        .secret("Your security token"),
    // friends: the thing acted on is ann
    t("friend add ann", Ann).rows(
        &[
            (Owner, Refuse("that is you")),
            (Seat, Refuse("you and ann are friends already")),
            (OtherSeat, Refuse("you and ann are friends already")),
            (Friend, Refuse("you and ann are friends already")),
            (
                Spectator,
                Allow("you and ann are friends now", "friend_requests"),
            ),
            (
                Banned,
                Refuse("ann is not accepting friend requests from you"),
            ),
            (Anonymous, NO_FRIENDS),
        ],
        Allow("Friend request sent to ann", "friend_requests"),
    ),
    t("friend accept ann", Ann).rows(
        &[
            (Owner, Refuse("that is you")),
            (Seat, Refuse("friends already")),
            (OtherSeat, Refuse("friends already")),
            (Friend, Refuse("friends already")),
            (
                Spectator,
                Allow("You and ann are friends now", "friend_requests"),
            ),
            (Anonymous, NO_FRIENDS),
        ],
        Refuse("there is no request from ann waiting for you"),
    ),
    t("friend remove ann", Ann).rows(
        &[
            (Owner, Refuse("that is you")),
            (
                Seat,
                Allow("ann is no longer your friend", "friend_requests"),
            ),
            (
                OtherSeat,
                Allow("ann is no longer your friend", "friend_requests"),
            ),
            (
                Friend,
                Allow("ann is no longer your friend", "friend_requests"),
            ),
            (
                Spectator,
                Allow("Declined ann's friend request", "friend_requests"),
            ),
            (Anonymous, NO_FRIENDS),
        ],
        Refuse("there is no friendship or request between you and ann"),
    ),
    t("friend ban ann", Ann)
        .rows(
            &[(Owner, Refuse("that is you")), (Anonymous, NO_FRIENDS)],
            Allow("Banned ann", "friend_requests"),
        )
        .secret("Banned ann"),
    t("friend unban ann", Ann).rows(
        &[(Owner, Refuse("that is you")), (Anonymous, NO_FRIENDS)],
        Refuse("you have not banned ann"),
    ),
    t("friend unban ben", Ann)
        .rows(
            &[
                (Owner, Allow("Lifted your ban on ben", "friend_requests")),
                (Banned, Refuse("that is you")),
                (Anonymous, NO_FRIENDS),
            ],
            Refuse("you have not banned ben"),
        )
        .secret("Lifted your ban"),
    t("friend list", Ann)
        .rows(&[(Anonymous, NO_FRIENDS)], Read("Friends: "))
        .secret("Friends: "),
    // creations, leaderboard, stats
    t("creations", Ann).rows(&[], Read("")),
    t("creations ann", Ann).rows(&[], Read("Ann-Game")),
    t("leaderboard Tic-Tac-Toe", Ann).rows(&[], Said("Tic-Tac-Toe leaderboard")),
    t("stats", Ann).rows(&[], Read("")),
    t("stats ann", Ann).rows(&[], Read("played no rated match")),
    t("history ann", Ann).rows(&[], Read("ann")),
    t("favoritism ann", Ann).rows(&[], Read("played no rated match")),
    t("analyze StagHunt", Ann).rows(&[], Read("**StagHunt**: equilibrium")),
    // personas
    t("persona create {me}-q", Ann).rows(
        &[(Anonymous, Refuse("anonymous users cannot create personas"))],
        Allow("Created the persona", "players"),
    ),
    t("persona list", Ann).rows(&[], Read("")),
    t("persona use pat-p", Ann).rows(
        &[(Persona, Read("You play as pat-p now"))],
        Refuse("You have no persona called \"pat-p\""),
    ),
    t("persona use", Ann).rows(
        &[(
            Persona,
            Allow("You play as yourself, pat, again", "identities"),
        )],
        Read("You play as yourself"),
    ),
    // the clock
    t("clock stop #{M}", Match).rows(
        &[
            (Trainer, Refuse("another person plays in match")),
            (Admin, Refuse("another person plays in match")),
        ],
        NOT_TRAINER,
    ),
    t("clock stop #{T}", TrainerMatch).rows(
        &[
            (Trainer, Allow("stopped the clock of match", "matches")),
            (Admin, Refuse("another person plays in match")),
        ],
        NOT_TRAINER,
    ),
    t("clock stop #{A}", AdminMatch).rows(
        &[
            (Trainer, Refuse("another person plays in match")),
            (Admin, Allow("stopped the clock of match", "matches")),
        ],
        NOT_TRAINER,
    ),
];

/// The console user each actor speaks as, for a thing (None: no such
/// actor for this thing, e.g. the other seat of a match against Random).
fn who(w: &World, thing: Thing, actor: Actor) -> Option<String> {
    let fixed = |name: &str| Some(name.to_string());
    match (thing, actor) {
        (Secret, Owner) => None,
        (Secret, Seat) => Some(w.secret_seats.0.clone()),
        (Secret, OtherSeat) => Some(w.secret_seats.1.clone()),
        (TrainerMatch | AdminMatch | BannedMatch | PersonaMatch, Seat | OtherSeat) => None,
        (TrainerMatch | AdminMatch | PersonaMatch, Owner) => None,
        (_, Owner) => fixed("ann"),
        (_, Seat) => Some(w.seats.0.clone()),
        (_, OtherSeat) => Some(w.seats.1.clone()),
        (_, Spectator) => fixed("sam"),
        (_, Friend) => fixed("fay"),
        (_, Stranger) => fixed("stu"),
        (_, Banned) => fixed("ben"),
        (_, Anonymous) => fixed("anon"),
        (_, Persona) => fixed("pat"),
        (_, Trainer) => fixed("trn"),
        (_, Admin) => fixed("adm"),
    }
}

/// The people, matches, challenges and friendships every row acts on.
struct World {
    c: Chat,
    /// Placeholder values: match and challenge numbers, a free cell, a file.
    values: HashMap<&'static str, String>,
    /// The match's seat to move, then its other seat (not ann).
    seats: (String, String),
    /// The secret match's seat to plan first, then the other.
    secret_seats: (String, String),
    /// The tables as the last row left them: the next row's "before".
    /// Taken again after anything else spoke (a template's setup).
    tables: Option<BTreeMap<&'static str, String>>,
}

/// A rule set ann saves: three players on 5×5, passing and draws allowed.
fn ann_game() -> redscience_engine::RuleSet {
    serde_json::from_value(serde_json::json!({
        "schema_version": 1, "name": "Ann-Game", "players": "three", "colors": "shared",
        "board": "squares", "dimensions": [5, 5, 1], "seconds_per_turn": 300,
        "shapes": [{"shape": "circle", "reserves": {"black": 25}}],
        "phases": [{"order": "sequential", "pass": true}],
        "turn_checks": [{"check": "in_a_row", "length": 5, "result": "win", "diagonals": true}],
        "draw_option": true
    }))
    .unwrap()
}

/// A rule set to import: four in a row on 6×6.
fn import_json() -> String {
    serde_json::json!({
        "schema_version": 1, "name": "Imported", "players": "two",
        "board": "squares", "dimensions": [6, 6, 1],
        "shapes": [{"shape": "circle", "reserves": {"black": 18, "white": 18}}],
        "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win", "diagonals": true}]
    })
    .to_string()
}

/// The number after `marker` in `out` ("Match 3 of" → 3).
fn number_after(out: &str, marker: &str) -> String {
    let at = out
        .find(marker)
        .unwrap_or_else(|| panic!("no \"{marker}\" in: {out}"));
    out[at + marker.len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

async fn name_of(s: &Storage, id: i64) -> String {
    s.player(id).await.unwrap().name
}

/// Who is to move in a match.
async fn to_move(s: &Storage, id: &str) -> String {
    let live = s.load_match(id.parse().unwrap()).await.unwrap();
    name_of(s, live.seats[live.state().to_move()].player_id).await
}

/// The world as first built, to copy (on SQLite): building it takes some
/// thirty commands, and the matrix needs about a hundred worlds.
struct Built {
    snapshot: Snapshot,
    values: HashMap<&'static str, String>,
    seats: (String, String),
    secret_seats: (String, String),
}

static BUILT: tokio::sync::OnceCell<Option<Built>> = tokio::sync::OnceCell::const_new();

fn setup() -> Setup {
    Setup::new("authorization").postgres_from_env()
}

impl World {
    /// A world for the matrix's rows, with a bot made with `seed`: on SQLite
    /// a copy of the one world built first, on PostgreSQL built anew.
    async fn build(seed: u64) -> World {
        let built = BUILT
            .get_or_init(|| async {
                // One seed for the copied world, whichever test comes first.
                let world = World::make(1).await;
                let snapshot = world.c.snapshot().await?;
                Some(Built {
                    snapshot,
                    values: world.values.clone(),
                    seats: world.seats.clone(),
                    secret_seats: world.secret_seats.clone(),
                })
            })
            .await;
        let Some(built) = built else {
            return World::make(seed).await;
        };
        let c = setup().chat_on_copy(&built.snapshot, seed).await;
        let mut values = built.values.clone();
        values.insert("file", import_file(&c).display().to_string());
        World {
            c,
            values,
            seats: built.seats.clone(),
            secret_seats: built.secret_seats.clone(),
            tables: None,
        }
    }

    /// Builds the world: its people, friends, games, matches and challenges.
    async fn make(seed: u64) -> World {
        let mut c = setup().chat(seed).await;
        let say = async |c: &mut Chat, line: &str| {
            let out = c.say(line).await;
            assert!(!out.contains("went wrong"), "{line}: {out}");
            out
        };
        for name in [
            "ann", "bob", "cal", "sam", "fay", "stu", "ben", "pat", "trn",
        ] {
            say(&mut c, &format!("@{name} help")).await;
        }
        // An Admin named by configuration, who makes trn a Trainer.
        let mut configured = c.storage();
        let adm = ChatId::console("adm");
        configured.set_admins(vec![adm.clone()]);
        let admin = configured.player_for_chat(&adm, "adm").await.unwrap();
        assert_eq!(admin.security, Security::Admin);
        let trainer = configured
            .set_security(admin.id, "trn", Security::Trainer)
            .await
            .unwrap();
        assert_eq!(trainer.security, Security::Trainer);
        // A chat account that speaks for the shared anonymous record.
        let s = c.storage();
        let anonymous = s.system_player(SystemPlayer::Anonymous).await.unwrap();
        let code = s.issue_token(anonymous.id, Purpose::Link).await.unwrap();
        let linked = s.link_chat(&ChatId::console("anon"), &code).await.unwrap();
        assert_eq!(linked.security, Security::Anonymous);
        // pat plays as a persona.
        say(&mut c, "@pat persona create pat-p").await;
        let using = say(&mut c, "@pat persona use pat-p").await;
        assert!(using.contains("pat-p"), "{using}");
        // ann's friends, her request to sam, and her game.
        for friend in ["bob", "cal", "fay"] {
            c.befriend("ann", friend).await;
        }
        say(&mut c, "@ann friend add sam").await;
        let ann = s.player_named("ann").await.unwrap().unwrap();
        s.save_rule_set(ann.id, &ann_game()).await.unwrap();
        let mut values = HashMap::new();
        // The match: ann, bob and cal; ann has just moved.
        let asked = say(&mut c, "@ann challenge Ann-Game bob cal unrated").await;
        let c_id = number_after(&asked, "(challenge ");
        say(&mut c, &format!("@bob accept {c_id}")).await;
        let started = say(&mut c, &format!("@cal accept {c_id}")).await;
        let m = number_after(&started, "Match ");
        let mut cells = (1..=4).map(|col| format!("1,{col}"));
        loop {
            let mover = to_move(&s, &m).await;
            let cell = cells.next().unwrap();
            let out = say(&mut c, &format!("@{mover} move #{m} {cell}")).await;
            assert!(out.contains(" to (1,"), "{out}");
            if mover == "ann" {
                break;
            }
        }
        let seat = to_move(&s, &m).await;
        let other = if seat == "bob" { "cal" } else { "bob" };
        values.insert("M", m);
        values.insert("cell", "5,5".to_string());
        // The secret match: ann and bob plan privately.
        say(&mut c, "@ann challenge RockPaperScissors bob").await;
        let started = say(&mut c, "@bob accept").await;
        let secret = number_after(&started, "Match ");
        let first = to_move(&s, &secret).await;
        let second = if first == "ann" { "bob" } else { "ann" };
        values.insert("S", secret);
        // Matches against Random: the Trainer's and the Admin's.
        let out = say(&mut c, "@trn challenge Tic-Tac-Toe Random").await;
        values.insert("T", number_after(&out, "Match "));
        let out = say(&mut c, "@adm challenge Tic-Tac-Toe Random").await;
        values.insert("A", number_after(&out, "Match "));
        // pat's persona plays Random: its turn, with a free cell offered.
        let out = say(&mut c, "@pat challenge Tic-Tac-Toe Random").await;
        let p = number_after(&out, "Match ");
        assert_eq!(to_move(&s, &p).await, "pat-p", "{out}");
        let offered = common::offered(&out, &format!("move #{p}@"));
        let cell = offered
            .first()
            .and_then(|id| id.rsplit_once(' '))
            .map(|(_, cell)| cell.to_string())
            .unwrap_or_else(|| panic!("no move offered: {out}"));
        values.insert("P", p);
        values.insert("pcell", cell);
        // ben takes ann's open seat, then ann bans him.
        let asked = say(&mut c, "@ann challenge Tic-Tac-Toe open").await;
        let open = number_after(&asked, "(challenge ");
        let started = say(&mut c, &format!("@ben accept {open}")).await;
        values.insert("B", number_after(&started, "Match "));
        let banned = say(&mut c, "@ann friend ban ben").await;
        assert!(banned.contains("Banned ben"), "{banned}");
        // ann's challenges: one naming the seat to move, one open.
        let asked = say(&mut c, &format!("@ann challenge Tic-Tac-Toe {seat}")).await;
        values.insert("C1", number_after(&asked, "(challenge "));
        let asked = say(&mut c, "@ann challenge Tic-Tac-Toe open").await;
        values.insert("C2", number_after(&asked, "(challenge "));
        values.insert("file", import_file(&c).display().to_string());
        World {
            c,
            values,
            seats: (seat, other.to_string()),
            secret_seats: (first, second.to_string()),
            tables: None,
        }
    }

    /// The template's line for an actor, placeholders filled.
    fn line(&self, template: &Template, me: &str) -> String {
        let mut line = template.line.replace("{me}", me);
        for (key, value) in &self.values {
            line = line.replace(&format!("{{{key}}}"), value);
        }
        line
    }

    /// What `name` types to say `line` at `place` (a command, explicitly).
    fn typed(&self, name: &str, actor: Actor, place: Place, line: &str) -> String {
        let at = match (place, actor) {
            (Place::Private, _) => "[dm] ",
            (Place::Channel, Stranger) => "[#elsewhere] ",
            (Place::Channel, _) => "",
        };
        format!("@{name} {at}/{line}")
    }

    /// Every table, row by row, as text.
    async fn snapshot(&self) -> BTreeMap<&'static str, String> {
        let s = self.c.storage();
        let db = s.connection();
        let mut tables = BTreeMap::new();
        macro_rules! dump {
            ($($table:ident),*) => {$(
                dump!(@shown $table, |row: entities::$table::Model| format!("{row:?}"));
            )*};
            (@shown $table:ident, $shown:expr) => {
                // In a stable order: PostgreSQL may return updated rows last.
                let mut rows: Vec<String> = entities::$table::Entity::find()
                    .all(db)
                    .await
                    .unwrap()
                    .into_iter()
                    .map($shown)
                    .collect();
                rows.sort();
                tables.insert(stringify!($table), rows.join("\n"));
            };
        }
        dump!(
            players,
            identities,
            security_tokens,
            matches,
            seats,
            moves,
            sealed_plans,
            draw_offers,
            deadlines,
            ratings,
            rating_history,
            friend_requests,
            challenges
        );
        // A saved game's rules never change but for its name, and its
        // fingerprint names them: its JSON is shown by its length, whose
        // escaping was most of a snapshot's time.
        dump!(@shown rule_sets, |row: entities::rule_sets::Model| {
            let json = row.rules_json.len();
            let row = entities::rule_sets::Model {
                rules_json: String::new(),
                ..row
            };
            format!("{row:?} ({json} bytes of rules)")
        });
        tables
    }
}

/// The messages of a console answer: (where it went, its text). A message
/// starts with `[#channel]` or `[dm name]`; lines after it are its own.
fn messages(out: &str) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = Vec::new();
    for line in out.lines() {
        let start = (line.starts_with("[#") || line.starts_with("[dm "))
            .then(|| line.split_once("] "))
            .flatten();
        match (start, all.last_mut()) {
            (Some((to, text)), _) => all.push((format!("{to}]"), text.to_string())),
            (None, Some((_, text))) => {
                text.push('\n');
                text.push_str(line);
            }
            (None, None) => all.push((String::new(), line.to_string())),
        }
    }
    all
}

/// The tables that differ between two snapshots.
fn changed(
    before: &BTreeMap<&'static str, String>,
    after: &BTreeMap<&'static str, String>,
) -> BTreeSet<&'static str> {
    before
        .iter()
        .filter(|(table, rows)| after.get(*table) != Some(rows))
        .map(|(table, _)| *table)
        .collect()
}

/// Runs one row; returns a failure message naming it, or None.
async fn run_row(w: &mut World, template: &Template, actor: Actor) -> Option<String> {
    let name = who(w, template.thing, actor)?;
    let line = w.line(template, &name);
    let typed = w.typed(&name, actor, template.place, &line);
    let expect = template.expect(actor);
    let row = format!(
        "row `{}` ({:?}) by {actor:?} ({}, {:?} level) expecting {expect:?}",
        line,
        template.place,
        name,
        actor.level()
    );
    let before = match w.tables.take() {
        Some(tables) => tables,
        None => w.snapshot().await,
    };
    let out = w.c.say(&typed).await;
    let after = w.snapshot().await;
    let written = changed(&before, &after);
    w.tables = Some(after);
    let mut problems = Vec::new();
    if out.contains("went wrong") || out.trim().is_empty() {
        problems.push("no proper answer".to_string());
    }
    let (says, writes) = match expect {
        Allow(says, table) => {
            if !written.contains(table) {
                problems.push(format!("nothing written to {table}"));
            }
            (says, true)
        }
        Read(says) | Refuse(says) => (says, false),
        Said(says) => (says, true),
    };
    if !writes && !written.is_empty() {
        problems.push(format!("it wrote to {written:?}"));
    }
    if !out.to_lowercase().contains(&says.to_lowercase()) {
        problems.push(format!("the answer does not say \"{says}\""));
    }
    // A refusal goes to the actor only, where they asked.
    let here = match (template.place, actor) {
        (Place::Private, _) => format!("[dm {name}]"),
        (Place::Channel, Stranger) => "[#elsewhere]".to_string(),
        (Place::Channel, _) => "[#general]".to_string(),
    };
    if matches!(expect, Refuse(_)) && messages(&out).iter().any(|(to, _)| *to != here) {
        problems.push(format!("a refusal was said beyond {here}"));
    }
    if let Some(secret) = template.secret {
        let mine = format!("[dm {name}]");
        if messages(&out)
            .iter()
            .any(|(to, text)| text.contains(secret) && *to != mine)
        {
            problems.push(format!("\"{secret}\" was said beyond {mine}"));
        }
    }
    if problems.is_empty() {
        return None;
    }
    let mut message = format!("{row}: {}.\nThe bot said:\n{out}", problems.join("; "));
    let _ = write!(message, "\nTables written: {written:?}");
    Some(message)
}

/// Runs a template's rows: the ones that write nothing first, on one
/// world, then the allowed ones (each on a world of its own if they
/// interfere). Returns the rows run and the failures.
async fn run_template(template: &Template, seed: u64) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut count = 0;
    let mut w = World::build(seed).await;
    let setup = async |w: &mut World| {
        for (actor, line) in template.setup {
            let name = who(w, template.thing, *actor).expect("a setup actor");
            let mut filled = line.to_string();
            for (key, value) in &w.values {
                filled = filled.replace(&format!("{{{key}}}"), value);
            }
            let out = w.c.say(&format!("@{name} /{filled}")).await;
            assert!(!out.contains("went wrong"), "{out}");
        }
        w.tables = None;
    };
    setup(&mut w).await;
    let (writing, quiet): (Vec<Actor>, Vec<Actor>) = ACTORS
        .iter()
        .partition(|a| matches!(template.expect(**a), Allow(..)));
    for actor in quiet {
        if who(&w, template.thing, actor).is_some() {
            count += 1;
        }
        failures.extend(run_row(&mut w, template, actor).await);
    }
    for (i, actor) in writing.into_iter().enumerate() {
        if template.fresh_each && i > 0 {
            w = World::build(seed * 100 + i as u64).await;
            setup(&mut w).await;
        }
        if who(&w, template.thing, actor).is_some() {
            count += 1;
        }
        failures.extend(run_row(&mut w, template, actor).await);
    }
    (count, failures)
}

/// Runs the templates whose command is one of `commands`.
async fn run(commands: &[&str]) {
    let mut failures = Vec::new();
    let mut rows = 0;
    for (i, template) in MATRIX.iter().enumerate() {
        let command = template.line.split(' ').next().unwrap();
        if !commands.contains(&command) {
            continue;
        }
        let (count, failed) = run_template(template, 100 + i as u64).await;
        rows += count;
        failures.extend(failed);
    }
    assert!(rows > 0, "no rows for {commands:?}");
    println!("{rows} rows for {commands:?}");
    assert!(
        failures.is_empty(),
        "{} of {rows} rows failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The matrix's tests, each running the rows of a group of commands; the
/// coverage check below reads the groups from here, so a command is covered
/// only if one of these tests runs it.
macro_rules! matrix_tests {
    ($($test:ident: [$($command:literal),* $(,)?];)*) => {
        /// Every command some test of the matrix runs.
        const RUN_BY_TESTS: &[&str] = &[$($($command),*),*];
        $(
            #[tokio::test]
            async fn $test() {
                run(&[$($command),*]).await;
            }
        )*
    };
}

matrix_tests! {
    help_games_and_tokens: ["help", "game", "token", "creations", "leaderboard", "analyze"];
    challenges: ["challenge", "accept", "decline", "cancel", "rematch"];
    playing: [
        "move", "plan", "pass", "draw", "agree", "refuse", "board", "games",
    ];
    resigning_and_undoing: ["resign", "undo", "clock"];
    friends_personas_and_stats: ["friend", "persona", "stats", "history", "favoritism"];
}

/// A rule-set file to import, among the chat's files.
fn import_file(c: &Chat) -> std::path::PathBuf {
    std::fs::create_dir_all(&c.files).unwrap();
    let file = c.files.join("import.json");
    std::fs::write(&file, import_json()).unwrap();
    file
}

/// A second rule-set file, other than [`import_json`]'s.
fn other_json() -> String {
    import_json().replace("[6, 6, 1]", "[7, 7, 1]")
}

/// `token` sends the token privately (the channel only learns that it was
/// sent); it acts for its owner once, and is refused after that, after 15
/// minutes, and when it is a link code. Anonymous gets none.
#[tokio::test]
async fn a_security_token_is_sent_privately_and_works_once() {
    let mut w = World::build(7).await;
    let out = w.c.say("@sam /token").await;
    let token = out
        .lines()
        .find_map(|l| l.strip_prefix("[dm sam] Your security token: "))
        .map(|t| t.trim().to_string())
        .unwrap_or_else(|| panic!("no token sent privately to sam: {out}"));
    assert_eq!(token.len(), 24, "{out}");
    for (to, text) in messages(&out) {
        assert!(
            to == "[dm sam]" || !text.contains(&token),
            "the token was said beyond sam: {out}"
        );
    }
    assert!(
        out.contains("[#general] I sent you a security token privately."),
        "{out}"
    );
    let s = w.c.storage();
    let sam = s.player_named("sam").await.unwrap().unwrap();
    // The first use saves the file as sam's.
    let saved = s
        .import_rule_set(&token, "Sam-Game", &import_json())
        .await
        .unwrap();
    assert_eq!(saved.creator_id, Some(sam.id));
    // The second is refused, and saves nothing.
    let again = s
        .import_rule_set(&token, "Sam-Other", &other_json())
        .await
        .unwrap_err()
        .to_string();
    assert!(
        again.contains("was already used") && again.contains("works only once"),
        "{again}"
    );
    assert!(s.rule_set("Sam-Other").await.unwrap().is_none());
    // A token not used within 15 minutes expires.
    let out = w.c.say("@sam [dm] /token").await;
    assert!(
        !out.contains("[#general]"),
        "asked privately, answered privately: {out}"
    );
    let late = out
        .lines()
        .find_map(|l| l.strip_prefix("[dm sam] Your security token: "))
        .map(|t| t.trim().to_string())
        .unwrap_or_else(|| panic!("no token: {out}"));
    assert_ne!(late, token, "each token is new");
    w.c.later(15 * 60);
    let expired = s
        .import_rule_set(&late, "Sam-Late", &other_json())
        .await
        .unwrap_err()
        .to_string();
    assert!(expired.contains("expired"), "{expired}");
    assert!(s.rule_set("Sam-Late").await.unwrap().is_none());
    // A link code is no security token; the anonymous record gets none.
    let code = s.issue_token(sam.id, Purpose::Link).await.unwrap();
    let link = s
        .import_rule_set(&code, "Sam-Link", &other_json())
        .await
        .unwrap_err()
        .to_string();
    assert!(link.contains("not a security token"), "{link}");
    let anonymous = s.system_player(SystemPlayer::Anonymous).await.unwrap();
    let none = s
        .issue_token(anonymous.id, Purpose::Token)
        .await
        .unwrap_err()
        .to_string();
    assert!(
        none.contains("only Creators, Trainers and Admins get security tokens"),
        "{none}"
    );
    assert!(s.rule_set("Sam-Link").await.unwrap().is_none());
}

/// Every command and subcommand of the command model has a template, and
/// every template's command is one of the tests above.
#[test]
fn every_command_is_in_the_matrix() {
    let run_by_tests: BTreeSet<&str> = RUN_BY_TESTS.iter().copied().collect();
    let mut missing = Vec::new();
    for shape in syntax::commands() {
        if !run_by_tests.contains(shape.name) {
            missing.push(format!("{} is run by no test", shape.name));
        }
        for form in &shape.forms {
            let covered = MATRIX.iter().any(|t| {
                let mut words = t.line.split(' ');
                words.next() == Some(shape.name)
                    && (form.sub.is_none() || words.next() == form.sub.as_deref())
            });
            if !covered {
                missing.push(format!("`{}` has no rows", form.usage));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    for template in MATRIX {
        let command = template.line.split(' ').next().unwrap();
        assert!(
            syntax::command(command).is_some(),
            "`{}` is not a command of the model",
            template.line
        );
    }
}
