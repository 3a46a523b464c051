//! `steward people`: list, add, rename, recolour and merge saved people.

use crate::print;
use clap::Subcommand;
use estate_steward::engine::table::excerpt;
use estate_steward::service::{ApiError, Steward};

#[derive(Subcommand)]
pub(crate) enum PeopleCommand {
    List,
    Add {
        name: String,
        #[arg(long, default_value = "#1f77b4")]
        colour: String,
    },
    /// Rename a person (WHO: their name or #id).
    Rename {
        who: String,
        name: String,
    },
    /// Change a person's colour, like #1f77b4.
    Colour {
        who: String,
        colour: String,
    },
    /// Merge GONE into KEEP, the same person saved twice: GONE's games and results become
    /// KEEP's and GONE is deleted. Refused when both sat at the same game.
    Merge {
        keep: String,
        gone: String,
    },
}

/// A saved person by name (ignoring case) or `#id`.
pub(crate) fn person_id(steward: &Steward, who: &str) -> Result<i64, ApiError> {
    if let Some(id) = who.strip_prefix('#') {
        return id
            .trim()
            .parse()
            .map_err(|_| ApiError::bad("person", format!("'{}' is not #id", excerpt(who, 40))));
    }
    steward
        .person_named(who)?
        .map(|p| p.id)
        .ok_or_else(|| ApiError::NotFound {
            what: format!("person '{}'", excerpt(who, 40)),
        })
}

pub(crate) fn run(
    steward: &mut Steward,
    json: bool,
    command: PeopleCommand,
) -> Result<(), ApiError> {
    let person = match command {
        PeopleCommand::List => {
            let people = steward.people()?;
            print(json, &people, || {
                people
                    .iter()
                    .map(|p| format!("#{} {} {}", p.id, p.name, p.colour))
                    .collect::<Vec<_>>()
                    .join("\n")
            });
            return Ok(());
        }
        PeopleCommand::Add { name, colour } => {
            let p = steward.add_person(&name, &colour)?;
            print(json, &p, || format!("saved #{} {}", p.id, p.name));
            return Ok(());
        }
        PeopleCommand::Rename { who, name } => {
            let id = person_id(steward, &who)?;
            steward.rename_person(id, &name)?
        }
        PeopleCommand::Colour { who, colour } => {
            let id = person_id(steward, &who)?;
            steward.set_person_colour(id, &colour)?
        }
        PeopleCommand::Merge { keep, gone } => {
            let (keep, gone) = (person_id(steward, &keep)?, person_id(steward, &gone)?);
            steward.merge_people(keep, gone)?
        }
    };
    print(json, &person, || {
        format!("#{} {} {}", person.id, person.name, person.colour)
    });
    Ok(())
}
