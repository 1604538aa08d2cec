//! From a Discord interaction or DM to a request for the bot: slash
//! commands become command lines, buttons and select menus the choices
//! they stand for, forms typed answers. Autocomplete, further pages, kept
//! private views and forms are answered here without the bot.

use std::sync::Arc;

use redscience_commands::{ChoiceSet, Destination, Message, Place, Reply, Request, What, Who};
use redscience_storage::{ChatId, Platform};
use serenity::all::{
    ActionRowComponent, Attachment, AutocompleteChoice, ChannelId, CommandInteraction,
    ComponentInteraction, ComponentInteractionDataKind, CreateActionRow,
    CreateAutocompleteResponse, CreateInputText, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateModal, GuildId, InputTextStyle, Interaction, Member,
    MessageFlags, ModalInteraction, User,
};

use super::components::{Action, Unit, decode};
use super::deliver::{Asked, Responder, Shared};
use super::memory::lock;
use super::slash;

/// The largest file the bot reads (rule sets are a few KiB).
const MAX_FILE: u32 = 1024 * 1024;

/// Answers one interaction.
pub async fn interaction(shared: &Arc<Shared>, interaction: Interaction, responder: Responder) {
    match interaction {
        Interaction::Ping(_) => {
            // Only the endpoint sees pings, and it answers them itself.
        }
        Interaction::Autocomplete(command) => autocomplete(shared, command, responder).await,
        Interaction::Command(command) => slash_command(shared, command, responder).await,
        Interaction::Component(component) => self::component(shared, component, responder).await,
        Interaction::Modal(modal) => self::modal(shared, modal, responder).await,
        _ => {}
    }
}

fn who(user: &User, member: Option<&Member>) -> Who {
    Who {
        chat: ChatId::discord(user.id.to_string()),
        display_name: member
            .map(|m| m.display_name().to_string())
            .unwrap_or_else(|| user.display_name().to_string()),
    }
}

fn place(guild: Option<GuildId>, channel: ChannelId, private: bool) -> Place {
    Place {
        platform: Platform::Discord,
        community: guild.map(|g| g.to_string()),
        channel: channel.to_string(),
        // A DM, or an answer only this person will see.
        private: private || guild.is_none(),
    }
}

/// Says something to the person alone, as the whole answer.
async fn tell(asked: &Asked, responder: Responder, text: impl Into<String>) {
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    responder
        .respond(asked, CreateInteractionResponse::Message(message))
        .await;
}

async fn autocomplete(shared: &Arc<Shared>, command: CommandInteraction, responder: Responder) {
    let asked = asked_for_command(&command);
    let suggestions = match slash::focused(&command) {
        Some((kind, typed, many)) => {
            let who = who(&command.user, command.member.as_deref());
            shared.bot.suggest(&who, kind, &typed, many).await
        }
        None => Vec::new(),
    };
    let choices = suggestions
        .into_iter()
        .map(|s| AutocompleteChoice::new(s.clone(), s))
        .collect();
    let response = CreateAutocompleteResponse::new().set_choices(choices);
    responder
        .respond(&asked, CreateInteractionResponse::Autocomplete(response))
        .await;
}

fn asked_for_command(command: &CommandInteraction) -> Asked {
    Asked {
        id: command.id,
        token: command.token.clone(),
        user: command.user.id,
        channel: command.channel_id,
        component: false,
    }
}

async fn slash_command(shared: &Arc<Shared>, command: CommandInteraction, responder: Responder) {
    let asked = asked_for_command(&command);
    let Some(typed) = slash::line(&command) else {
        let names = redscience_commands::syntax::commands()
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join(", /");
        let text = format!(
            "/{} is not a command of this bot (any more). The commands are /{names}.",
            command.data.name
        );
        return tell(&asked, responder, text).await;
    };
    let what = match typed.attachment {
        None => What::Command(typed.line),
        Some(id) => {
            let Some(file) = command.data.resolved.attachments.get(&id) else {
                return tell(
                    &asked,
                    responder,
                    "The attached file did not arrive; please attach it again.",
                )
                .await;
            };
            match read(file, typed.line).await {
                Ok(what) => what,
                Err(text) => return tell(&asked, responder, text).await,
            }
        }
    };
    // The people the command names (a picked user, a mention) may never
    // have spoken to the bot: they become players under their names now.
    for (id, user) in &command.data.resolved.users {
        if user.bot {
            continue;
        }
        let display_name = command
            .data
            .resolved
            .members
            .get(id)
            .and_then(|m| m.nick.clone())
            .unwrap_or_else(|| user.display_name().to_string());
        let met = Who {
            chat: ChatId::discord(id.to_string()),
            display_name,
        };
        shared.bot.meet(&met).await;
    }
    let request = Request {
        who: who(&command.user, command.member.as_deref()),
        place: place(command.guild_id, command.channel_id, typed.private),
        what,
    };
    shared.answer(asked, responder, request).await;
}

async fn component(shared: &Arc<Shared>, component: ComponentInteraction, responder: Responder) {
    let asked = Asked {
        id: component.id,
        token: component.token.clone(),
        user: component.user.id,
        channel: component.channel_id,
        component: true,
    };
    let id = match &component.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => Some(component.data.custom_id.clone()),
    };
    let action = id.and_then(|id| decode(&id, &shared.memory));
    let ephemeral = component
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let me = Destination::Private(ChatId::discord(component.user.id.to_string()));
    match action {
        Some(Action::Pick(choice)) => {
            let request = Request {
                who: who(&component.user, component.member.as_ref()),
                place: place(component.guild_id, component.channel_id, ephemeral),
                what: What::Choice(choice),
            };
            shared.answer(asked, responder, request).await;
        }
        Some(Action::Type(prefix)) => {
            let label = if prefix.is_empty() {
                "Your answer".to_string()
            } else {
                format!(
                    "Your {}",
                    prefix.split_whitespace().next().unwrap_or("answer")
                )
            };
            let input =
                CreateInputText::new(InputTextStyle::Short, slash::short(&label, 45), "answer")
                    .required(true)
                    .max_length(200);
            let modal =
                CreateModal::new(component.data.custom_id.clone(), slash::short(&label, 45))
                    .components(vec![CreateActionRow::InputText(input)]);
            responder
                .respond(&asked, CreateInteractionResponse::Modal(modal))
                .await;
        }
        Some(Action::Page(key)) => {
            let Some(page) = lock(&shared.memory.pages).get(&key) else {
                return tell(&asked, responder, forgotten()).await;
            };
            let mut message = Message::new(me, "More options:");
            for unit in page.units {
                message = message.with_choices(match unit {
                    Unit::Buttons(choices) => ChoiceSet::Buttons(choices),
                    Unit::Select {
                        placeholder,
                        options,
                        default,
                    } => ChoiceSet::Select {
                        placeholder,
                        options,
                        default,
                    },
                });
            }
            message.typed = page.typed;
            shared.show(asked, responder, Reply::one(message)).await;
        }
        Some(Action::View(key)) => {
            let Some(view) = lock(&shared.memory.views).get(&key) else {
                return tell(&asked, responder, forgotten()).await;
            };
            if view.owner != component.user.id.get() {
                let text = format!("That is for <@{}> alone.", view.owner);
                return tell(&asked, responder, text).await;
            }
            let mut message = view.message;
            message.to = me;
            shared.show(asked, responder, Reply::one(message)).await;
        }
        Some(Action::Forgotten) | None => tell(&asked, responder, forgotten()).await,
    }
}

fn forgotten() -> String {
    "These buttons are older than the bot's last restart. Ask again, e.g. with /board or /games."
        .to_string()
}

async fn modal(shared: &Arc<Shared>, modal: ModalInteraction, responder: Responder) {
    let asked = Asked {
        id: modal.id,
        token: modal.token.clone(),
        user: modal.user.id,
        channel: modal.channel_id,
        component: true,
    };
    let typed = modal
        .data
        .components
        .iter()
        .flat_map(|row| row.components.iter())
        .find_map(|c| match c {
            ActionRowComponent::InputText(input) => input.value.clone(),
            _ => None,
        })
        .unwrap_or_default();
    let Some(Action::Type(prefix)) = decode(&modal.data.custom_id, &shared.memory) else {
        return tell(&asked, responder, forgotten()).await;
    };
    let ephemeral = modal
        .message
        .as_ref()
        .and_then(|m| m.flags)
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let typed = typed.trim().to_string();
    let what = if prefix.is_empty() {
        What::Text(typed)
    } else {
        What::Choice(format!("{prefix}{typed}"))
    };
    let request = Request {
        who: who(&modal.user, modal.member.as_ref()),
        place: place(modal.guild_id, modal.channel_id, ephemeral),
        what,
    };
    shared.answer(asked, responder, request).await;
}

/// A file sent with a command, read unless it is too large.
async fn read(file: &Attachment, command: String) -> Result<What, String> {
    if file.size > MAX_FILE {
        return Err(format!(
            "{} is {} KiB; the bot reads files of at most {} KiB. Nothing was done.",
            file.filename,
            file.size / 1024,
            MAX_FILE / 1024
        ));
    }
    match file.download().await {
        Ok(bytes) => Ok(What::File {
            command,
            name: file.filename.clone(),
            bytes,
        }),
        Err(e) => Err(format!(
            "I could not read the file {}: {e}. Nothing was done.",
            file.filename
        )),
    }
}

/// A message sent to the bot in a DM (the gateway's DIRECT_MESSAGES).
pub async fn direct_message(shared: &Arc<Shared>, message: serenity::all::Message) {
    if message.author.bot || message.guild_id.is_some() {
        return;
    }
    lock(&shared.memory.dm_channels).insert(message.author.id.get(), message.channel_id.get());
    let text = message.content.trim();
    let what = match message.attachments.first() {
        Some(file) => match read(file, text.trim_start_matches('/').to_string()).await {
            Ok(what) => what,
            Err(text) => return say_in_dm(shared, &message, text).await,
        },
        None if text.is_empty() => return,
        None => match text.strip_prefix('/') {
            Some(command) => What::Command(command.trim().to_string()),
            None => What::Text(text.to_string()),
        },
    };
    let request = Request {
        who: who(&message.author, None),
        place: place(None, message.channel_id, true),
        what,
    };
    let reply = shared.bot.handle(request).await;
    let reply = shared.relay.keep(reply, Platform::Discord);
    shared.deliver(reply, None).await;
}

async fn say_in_dm(shared: &Arc<Shared>, message: &serenity::all::Message, text: String) {
    let to = Destination::Private(ChatId::discord(message.author.id.to_string()));
    shared
        .deliver(Reply::one(Message::new(to, text)), None)
        .await;
}
