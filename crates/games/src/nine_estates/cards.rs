//! Card contents for Count of the Nine Estates. The rulebook prints none of them, so the player
//! describes each card the first time it matters and the app keeps it in its catalogue.

use engine::RuleError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Rulebook 001 line 56: the resources a cost may ask for.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, specta::Type,
)]
pub enum Resource {
    Food,
    Wood,
    Stone,
    Ore,
    Gold,
    WorkCrew,
}

impl Resource {
    pub const ALL: [Resource; 6] = [
        Resource::Food,
        Resource::Wood,
        Resource::Stone,
        Resource::Ore,
        Resource::Gold,
        Resource::WorkCrew,
    ];

    /// Rulebook 001 line 56: "Gold can also be used in place of Food, Wood, Stone or Ore, but not
    /// Work Crew."
    pub fn gold_may_replace(self) -> bool {
        matches!(
            self,
            Resource::Food | Resource::Wood | Resource::Stone | Resource::Ore
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Resource::Food => "Food",
            Resource::Wood => "Wood",
            Resource::Stone => "Stone",
            Resource::Ore => "Ore",
            Resource::Gold => "Gold",
            Resource::WorkCrew => "Work Crew",
        }
    }
}

/// A resource a card offers: one, or two separated by a slash (either may be used, line 56).
pub type Yield = Vec<Resource>;

/// Which side of a Structure card is up. The deck and the centre show the square-cornered side;
/// a card flipped onto the discard pile shows the rounded side (lines 27, 48).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, specta::Type,
)]
pub enum Face {
    Square,
    Round,
}

impl Face {
    /// The side's name (its `Debug` text), as catalogue keys and refusals write it.
    pub fn name(self) -> &'static str {
        match self {
            Face::Square => "Square",
            Face::Round => "Round",
        }
    }
}

/// One side of a Structure card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct FaceDef {
    /// The Structure printed on this side.
    pub structure: String,
    pub cost: Vec<Resource>,
    /// Structures that must already be in the build area (line 58).
    #[serde(default)]
    pub requires: Vec<String>,
    /// What the Structure provides once built.
    pub provides: Yield,
    #[serde(default)]
    pub shields: u8,
    /// The resource at the top edge when the card is upright, and at the other edge (the top
    /// edge once the card is rotated 180°). Either may be empty until the table says: an edge
    /// matters only while it is at the top, so the app asks for it when the card lies that way
    /// (a card that is never turned is never asked its bottom edge).
    #[serde(default)]
    pub upright: Yield,
    #[serde(default)]
    pub rotated: Yield,
}

/// The three rows of the Estate grid, Nobility at the top (setup step 1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, specta::Type,
)]
pub enum EstateType {
    Peasant,
    Clergy,
    Nobility,
}

impl EstateType {
    /// The type's name as the screens and refusals write it (its `Debug` text, without the
    /// formatting machinery: the table view writes it for every Estate on every action).
    pub fn name(self) -> &'static str {
        match self {
            EstateType::Peasant => "Peasant",
            EstateType::Clergy => "Clergy",
            EstateType::Nobility => "Nobility",
        }
    }
    /// Line 60: "Peasant first, then Clergy, and lastly Nobility."
    pub fn predecessor(self) -> Option<EstateType> {
        match self {
            EstateType::Peasant => None,
            EstateType::Clergy => Some(EstateType::Peasant),
            EstateType::Nobility => Some(EstateType::Clergy),
        }
    }
    /// Grid row, 0 at the top.
    pub fn row(self) -> usize {
        match self {
            EstateType::Nobility => 0,
            EstateType::Clergy => 1,
            EstateType::Peasant => 2,
        }
    }
    /// Estate cards are numbered 1–3 Peasant, 4–6 Clergy, 7–9 Nobility.
    pub fn of_card(card: u8) -> Option<EstateType> {
        match card {
            1..=3 => Some(EstateType::Peasant),
            4..=6 => Some(EstateType::Clergy),
            7..=9 => Some(EstateType::Nobility),
            _ => None,
        }
    }
}

/// An Estate card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct EstateDef {
    pub name: String,
    pub cost: Vec<Resource>,
    #[serde(default)]
    pub requires: Vec<String>,
    pub provides: Yield,
    #[serde(default)]
    pub shields: u8,
}

/// Everything known about the cards: remembered from earlier games or described in this one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct Catalogue {
    /// Key: "card-face", e.g. "4-Square".
    #[serde(default)]
    pub structures: BTreeMap<String, FaceDef>,
    /// Key: estate card number 1–9 as a string.
    #[serde(default)]
    pub estates: BTreeMap<String, EstateDef>,
}

/// A Structure side's key in the catalogue ("12-Square"), as stored games and files hold it.
pub fn face_key(card: u8, face: Face) -> String {
    [itoa::Buffer::new().format(card), "-", face.name()].concat()
}

// The catalogue is looked up dozens of times per table view: its keys are made without the
// formatting machinery (and an Estate's without an allocation).
impl Catalogue {
    pub fn face(&self, card: u8, face: Face) -> Option<&FaceDef> {
        self.structures.get(&face_key(card, face))
    }
    pub fn estate(&self, card: u8) -> Option<&EstateDef> {
        self.estates.get(itoa::Buffer::new().format(card))
    }
}

const MAX_COST: usize = 8;
const MAX_SHIELDS: u8 = 20;

fn check_name(field: &str, name: &str) -> Result<(), RuleError> {
    if name.trim().is_empty() || name.chars().count() > 60 {
        return Err(RuleError::new(
            "nine.card-description",
            format!("{field} must be 1 to 60 characters"),
        ));
    }
    Ok(())
}

fn check_yield(field: &str, y: &Yield) -> Result<(), RuleError> {
    if y.is_empty() || y.len() > 2 {
        return Err(RuleError::new(
            "nine.card-description",
            format!("{field} must be one resource, or two separated by a slash"),
        ));
    }
    Ok(())
}

/// An edge not told yet is empty; a told one is a resource or two with a slash.
fn check_edge(field: &str, y: &Yield) -> Result<(), RuleError> {
    if y.is_empty() {
        Ok(())
    } else {
        check_yield(field, y)
    }
}

fn check_common(cost: &[Resource], requires: &[String], shields: u8) -> Result<(), RuleError> {
    if cost.len() > MAX_COST {
        return Err(RuleError::new(
            "nine.card-description",
            format!("cost may list at most {MAX_COST} resources"),
        ));
    }
    if shields > MAX_SHIELDS {
        return Err(RuleError::new(
            "nine.card-description",
            format!("shields must be 0 to {MAX_SHIELDS}"),
        ));
    }
    for r in requires {
        check_name("a required Structure's name", r)?;
    }
    Ok(())
}

impl FaceDef {
    pub fn validate(&self) -> Result<(), RuleError> {
        check_name("the Structure's name", &self.structure)?;
        check_common(&self.cost, &self.requires, self.shields)?;
        check_yield("what the Structure provides", &self.provides)?;
        if self.upright.is_empty() && self.rotated.is_empty() {
            return Err(RuleError::new(
                "nine.card-description",
                "the resource at the card's top edge is needed (the bottom edge may wait until the card is turned)",
            ));
        }
        check_edge("the upright edge resource", &self.upright)?;
        check_edge("the rotated edge resource", &self.rotated)
    }
    /// The resource at the top edge for this orientation (empty: not told yet).
    pub fn top(&self, upright: bool) -> &Yield {
        if upright {
            &self.upright
        } else {
            &self.rotated
        }
    }
    /// The resource at the top edge for this orientation, once the table has told it.
    pub fn known_top(&self, upright: bool) -> Option<&Yield> {
        Some(self.top(upright)).filter(|y| !y.is_empty())
    }
}

impl EstateDef {
    pub fn validate(&self) -> Result<(), RuleError> {
        check_name("the Estate's name", &self.name)?;
        check_common(&self.cost, &self.requires, self.shields)?;
        check_yield("what the Estate provides", &self.provides)
    }
}

/// A cost in words: "Wood, Wood, Stone", or "free".
pub fn cost_text(cost: &[Resource]) -> String {
    if cost.is_empty() {
        "free".to_string()
    } else {
        cost.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ")
    }
}

/// A resource or two with a slash ("Food/Gold"); an edge not told yet reads "not told yet".
pub fn yield_text(y: &Yield) -> String {
    if y.is_empty() {
        return "not told yet".to_string();
    }
    y.iter().map(|r| r.name()).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Catalogue keys are stored in games and files: the quick way of writing them must write
    /// exactly what the formatting machinery wrote when they were stored.
    #[test]
    fn keys_and_names_read_as_their_formatted_text() {
        for card in 0..=u8::MAX {
            for face in [Face::Square, Face::Round] {
                assert_eq!(face_key(card, face), format!("{card}-{face:?}"));
            }
        }
        for kind in [
            EstateType::Peasant,
            EstateType::Clergy,
            EstateType::Nobility,
        ] {
            assert_eq!(kind.name(), format!("{kind:?}"));
        }
        let mut catalogue = Catalogue::default();
        let def: EstateDef = serde_json::from_value(serde_json::json!({
            "name": "Mill", "cost": ["Wood"], "provides": ["Food"], "shields": 1
        }))
        .expect("an Estate's description");
        catalogue.estates.insert("7".into(), def);
        assert_eq!(catalogue.estate(7).map(|d| d.name.as_str()), Some("Mill"));
        assert!(catalogue.estate(70).is_none());
    }
}
