//! The card catalogue: what the table described once (a Lord's Homeland and attributes, a Hero's
//! attributes, a Quest's type, difficulty, Hope Stones and Realm, a Treasure's or Event's text),
//! the six Realm names and the last Hope Stone target, remembered across games and correctable
//! in Settings. Keys: `realms`, `target`, `lord:<name>`, `hero:<name>`, `quest:<name>`,
//! `treasure:<name>`, `event:<name>`.

use super::data::data;
use super::pieces::{Attribute, Attributes};
use super::tags::{self, Ability, TagOn};
use engine::{err, to_json, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

const NAME_MAX: usize = 60;
const TEXT_MAX: usize = 300;

/// Whose quest checks a tagged bonus changes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordBonusWhose")]
pub enum BonusWhose {
    /// The card's own quests: a Lord's or Hero's own, a Treasure's bearer's.
    #[default]
    Own,
    /// Every quest by its owner's Lord and heroes (a Lord's or Hero's ability only).
    YourHeroes,
}

/// A printed ability that changes a quest check, as the table tagged it when describing the
/// card (reading B7): the app adds it to the check's total by itself and says which card added
/// what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordCheckBonus")]
pub struct CheckBonus {
    /// The quest type it helps; none: every quest.
    #[serde(default)]
    pub quest: Option<Attribute>,
    /// Added to the check's total (a penalty is negative).
    pub amount: i32,
    #[serde(default)]
    pub whose: BonusWhose,
}

/// A Lord card's printed facts (004 lines 44-50).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordFacts")]
pub struct LordFacts {
    pub homeland: String,
    pub valor: u8,
    pub might: u8,
    pub craft: u8,
    pub magic: u8,
    #[serde(default)]
    pub text: String,
    /// Its ability, when it changes a quest check.
    #[serde(default)]
    pub bonus: Option<CheckBonus>,
    /// Its ability, when tagged to act at a moment (reading B19).
    #[serde(default)]
    pub ability: Option<Ability>,
}

/// A Hero card's printed facts (004 lines 58-63).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordHeroFacts")]
pub struct HeroFacts {
    pub valor: u8,
    pub might: u8,
    pub craft: u8,
    pub magic: u8,
    #[serde(default)]
    pub text: String,
    /// Its ability, when it changes a quest check.
    #[serde(default)]
    pub bonus: Option<CheckBonus>,
    /// Its ability, when tagged to act at a moment (reading B19).
    #[serde(default)]
    pub ability: Option<Ability>,
}

/// A Quest card's printed facts (004 lines 71-75).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordQuestFacts")]
pub struct QuestFacts {
    pub kind: Attribute,
    pub difficulty: u8,
    pub hope: u8,
    /// The Realm's name.
    pub location: String,
    #[serde(default)]
    pub text: String,
    /// Its ability, when tagged to act at a moment (reading B19).
    #[serde(default)]
    pub ability: Option<Ability>,
}

/// A Treasure's or Event's text (it has no numbers the rules sheet uses).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordCardText")]
pub struct CardText {
    #[serde(default)]
    pub text: String,
    /// A Treasure's ability, when it changes its bearer's quest checks (an Event acts once:
    /// what it did is entered as changes).
    #[serde(default)]
    pub bonus: Option<CheckBonus>,
    /// A Treasure's ability, when tagged to act at a moment (reading B19).
    #[serde(default)]
    pub ability: Option<Ability>,
}

impl LordFacts {
    pub fn attributes(&self) -> Attributes {
        Attributes {
            valor: self.valor,
            might: self.might,
            craft: self.craft,
            magic: self.magic,
        }
    }
}

impl HeroFacts {
    pub fn attributes(&self) -> Attributes {
        Attributes {
            valor: self.valor,
            might: self.might,
            craft: self.craft,
            magic: self.magic,
        }
    }
}

/// What the table has told the app, copied into each new game and extended as cards are played.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordCatalogue", default)]
pub struct Catalogue {
    /// The six Realm names (empty until the table names them).
    pub realms: Vec<String>,
    /// The last Hope Stone target confirmed.
    pub target: Option<u32>,
    pub lords: BTreeMap<String, LordFacts>,
    pub heroes: BTreeMap<String, HeroFacts>,
    pub quests: BTreeMap<String, QuestFacts>,
    pub treasures: BTreeMap<String, CardText>,
    pub events: BTreeMap<String, CardText>,
}

/// One card described in play: what an event teaches the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Described {
    Lord { name: String, facts: LordFacts },
    Hero { name: String, facts: HeroFacts },
    Quest { name: String, facts: QuestFacts },
    Treasure { name: String, facts: CardText },
    Event { name: String, facts: CardText },
}

impl Described {
    /// The catalogue key and value this description is remembered under.
    pub fn entry(&self) -> (String, Value) {
        match self {
            Described::Lord { name, facts } => (format!("lord:{name}"), to_json(facts)),
            Described::Hero { name, facts } => (format!("hero:{name}"), to_json(facts)),
            Described::Quest { name, facts } => (format!("quest:{name}"), to_json(facts)),
            Described::Treasure { name, facts } => (format!("treasure:{name}"), to_json(facts)),
            Described::Event { name, facts } => (format!("event:{name}"), to_json(facts)),
        }
    }
}

impl Catalogue {
    pub fn learn(&mut self, d: &Described) {
        match d.clone() {
            Described::Lord { name, facts } => {
                self.lords.insert(name, facts);
            }
            Described::Hero { name, facts } => {
                self.heroes.insert(name, facts);
            }
            Described::Quest { name, facts } => {
                self.quests.insert(name, facts);
            }
            Described::Treasure { name, facts } => {
                self.treasures.insert(name, facts);
            }
            Described::Event { name, facts } => {
                self.events.insert(name, facts);
            }
        }
    }
}

// ---- checks shared by play and Settings -----------------------------------------------------

/// A card's name as typed: trimmed, 1 to 60 characters.
pub fn card_name(name: &str) -> Result<String, RuleError> {
    let t = name.trim();
    if t.is_empty() || t.chars().count() > NAME_MAX {
        return Err(err(
            "realm-lord.card-name",
            format!("a card's name has 1 to {NAME_MAX} characters"),
        ));
    }
    Ok(t.to_string())
}

fn check_text(text: &str) -> Result<(), RuleError> {
    if text.chars().count() > TEXT_MAX {
        return Err(err(
            "realm-lord.facts-range",
            format!("a card's text has at most {TEXT_MAX} characters"),
        ));
    }
    Ok(())
}

fn check_attributes(a: Attributes) -> Result<(), RuleError> {
    let [lo, hi] = data().bounds.value.attribute;
    for k in Attribute::ALL {
        let v = a.get(k);
        if v < lo || v > hi {
            return Err(err(
                "realm-lord.facts-range",
                format!("{} is {lo} to {hi}, not {v}", k.name()),
            ));
        }
    }
    Ok(())
}

/// A tagged bonus: within the bounds of an entered modifier, and not 0 (it would change nothing).
fn check_bonus(b: &Option<CheckBonus>) -> Result<(), RuleError> {
    let Some(b) = b else { return Ok(()) };
    let bounds = data().bounds.value.modifier;
    super::pieces::nonzero_within("realm-lord.facts-range", b.amount, bounds, "a check bonus")
}

pub fn check_lord(f: &LordFacts) -> Result<(), RuleError> {
    check_attributes(f.attributes())?;
    check_bonus(&f.bonus)?;
    tags::check(&f.ability, TagOn::Lord)?;
    if f.homeland.trim().is_empty() {
        return Err(err(
            "realm-lord.facts-range",
            "a Lord's Homeland is a Realm",
        ));
    }
    check_text(&f.text)
}

pub fn check_hero(f: &HeroFacts) -> Result<(), RuleError> {
    check_attributes(f.attributes())?;
    check_bonus(&f.bonus)?;
    tags::check(&f.ability, TagOn::Hero)?;
    check_text(&f.text)
}

pub fn check_quest(f: &QuestFacts) -> Result<(), RuleError> {
    tags::check(&f.ability, TagOn::Quest)?;
    let b = data().bounds.value;
    if f.difficulty < b.difficulty[0] || f.difficulty > b.difficulty[1] {
        return Err(err(
            "realm-lord.facts-range",
            format!(
                "a quest's difficulty is {} to {}, not {}",
                b.difficulty[0], b.difficulty[1], f.difficulty
            ),
        ));
    }
    if f.hope < b.quest_hope[0] || f.hope > b.quest_hope[1] {
        return Err(err(
            "realm-lord.facts-range",
            format!(
                "a quest is worth {} to {} Hope Stones, not {}",
                b.quest_hope[0], b.quest_hope[1], f.hope
            ),
        ));
    }
    if f.location.trim().is_empty() {
        return Err(err(
            "realm-lord.facts-range",
            "a quest's location is a Realm",
        ));
    }
    check_text(&f.text)
}

/// A Treasure's text and bonus; its bonus is its bearer's (`whose` is always `Own`).
pub fn check_treasure(f: &CardText) -> Result<(), RuleError> {
    check_bonus(&f.bonus)?;
    tags::check(&f.ability, TagOn::Treasure)?;
    if f.bonus.is_some_and(|b| b.whose != BonusWhose::Own) {
        return Err(err(
            "realm-lord.facts-range",
            "a Treasure's bonus is its bearer's alone",
        ));
    }
    check_text(&f.text)
}

/// An Event's text: it acts once, so it carries no standing bonus.
pub fn check_event(f: &CardText) -> Result<(), RuleError> {
    tags::check(&f.ability, TagOn::Event)?;
    if f.bonus.is_some() {
        return Err(err(
            "realm-lord.facts-range",
            "an Event acts once: enter what it did as changes, not as a check bonus",
        ));
    }
    check_text(&f.text)
}

/// Six distinct names, trimmed, 1 to 40 characters each (004 line 36).
pub fn check_realm_names(names: &[String]) -> Result<Vec<String>, RuleError> {
    let n = usize::from(data().realms.value);
    let bad = |m: String| err("realm-lord.realm-names", m);
    if names.len() != n {
        return Err(bad(format!("there are {n} Realms, not {}", names.len())));
    }
    let mut out: Vec<String> = Vec::with_capacity(n);
    for name in names {
        let t = name.trim();
        if t.is_empty() || t.chars().count() > 40 {
            return Err(bad("a Realm's name has 1 to 40 characters".into()));
        }
        if out.iter().any(|o| o.eq_ignore_ascii_case(t)) {
            return Err(bad(format!("two Realms are named {t}")));
        }
        out.push(t.to_string());
    }
    Ok(out)
}

pub fn check_target(t: u32) -> Result<(), RuleError> {
    let [lo, hi] = data().bounds.value.target;
    if t < lo || t > hi {
        return Err(err(
            "realm-lord.target-range",
            format!("the Hope Stone target is {lo} to {hi}, not {t}"),
        ));
    }
    Ok(())
}

// ---- the engine's catalogue hooks -------------------------------------------------------------

fn parse<T: serde::de::DeserializeOwned>(v: &Value) -> Result<T, RuleError> {
    serde_json::from_value(v.clone())
        .map_err(|e| err("realm-lord.catalogue", format!("not a description: {e}")))
}

/// Whether a remembered entry is one this game would accept in play.
pub fn check_catalogue_entry(key: &str, value: &Value) -> Result<(), RuleError> {
    if key == "realms" {
        return check_realm_names(&parse::<Vec<String>>(value)?).map(|_| ());
    }
    if key == "target" {
        return check_target(parse(value)?);
    }
    let Some((kind, name)) = key.split_once(':') else {
        return Err(unknown_key(key));
    };
    card_name(name)?;
    match kind {
        "lord" => check_lord(&parse(value)?),
        "hero" => check_hero(&parse(value)?),
        "quest" => check_quest(&parse(value)?),
        "treasure" => check_treasure(&parse(value)?),
        "event" => check_event(&parse(value)?),
        _ => Err(unknown_key(key)),
    }
}

fn unknown_key(key: &str) -> RuleError {
    err(
        "realm-lord.catalogue",
        format!("'{key}' names no Realm Lord card, the Realms or the target"),
    )
}

/// A catalogue's descriptions as remembered entries (the keys `merge` reads).
pub fn entries(c: &Catalogue) -> Vec<(String, Value)> {
    fn each<T: Serialize>(kind: &str, m: &BTreeMap<String, T>) -> Vec<(String, Value)> {
        m.iter()
            .map(|(name, facts)| (format!("{kind}:{name}"), to_json(facts)))
            .collect()
    }
    let mut out = Vec::new();
    if !c.realms.is_empty() {
        out.push(("realms".to_string(), to_json(&c.realms)));
    }
    if let Some(t) = c.target {
        out.push(("target".to_string(), to_json(&t)));
    }
    out.extend(each("lord", &c.lords));
    out.extend(each("hero", &c.heroes));
    out.extend(each("quest", &c.quests));
    out.extend(each("treasure", &c.treasures));
    out.extend(each("event", &c.events));
    out
}

/// A new game's catalogue from the remembered entries (entries already in the options win;
/// entries that no longer pass the checks are left out).
pub fn merge(c: &mut Catalogue, entries: &[(String, Value)]) {
    for (key, value) in entries {
        if check_catalogue_entry(key, value).is_err() {
            continue;
        }
        match key.split_once(':') {
            None if key == "realms" && c.realms.is_empty() => {
                c.realms = serde_json::from_value(value.clone()).unwrap_or_default();
            }
            None if key == "target" && c.target.is_none() => {
                c.target = serde_json::from_value(value.clone()).ok();
            }
            Some((kind, name)) => insert_missing(c, kind, name.trim(), value),
            None => {}
        }
    }
}

fn insert_missing(c: &mut Catalogue, kind: &str, name: &str, value: &Value) {
    fn add<T: serde::de::DeserializeOwned>(m: &mut BTreeMap<String, T>, name: &str, v: &Value) {
        if let (false, Ok(f)) = (m.contains_key(name), serde_json::from_value(v.clone())) {
            m.insert(name.to_string(), f);
        }
    }
    match kind {
        "lord" => add(&mut c.lords, name, value),
        "hero" => add(&mut c.heroes, name, value),
        "quest" => add(&mut c.quests, name, value),
        "treasure" => add(&mut c.treasures, name, value),
        "event" => add(&mut c.events, name, value),
        _ => {}
    }
}
