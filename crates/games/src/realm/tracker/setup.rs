//! Setup (000 lines 83-100): the new game with its remembered catalogue, Leaders chosen or
//! dealt, their mats described once, and the starting layout — builds with their cube removals,
//! resources, drafted hands, the Realm board.

use super::actions::{TrackerEvent, TrackerOptions};
use super::model::{
    Board, CardFacts, Change, MatFacts, Phase, PlayerState, Resources, SoloEventFacts, TableauCard,
    Track, TrackerState, TuckChange,
};
use super::rules::{known_card, who};
use crate::realm::data::{data, RealmData};
use engine::{at_table, err, to_json, GameRng, Laid, RuleError, Seat};
use rand::Rng;
use std::collections::BTreeMap;

/// Catalogue keys: a card's description, a Leader mat's numbers or a Solo Era Event's reward,
/// remembered across games.
const CARD_KEY: &str = "card:";
const MAT_KEY: &str = "mat:";
const EVENT_KEY: &str = "event:";

/// The tracker needs the rulebook's cards and Leaders: without them (rule data that did not
/// parse, see `data::fallback`) it refuses every setup rather than invent them.
pub fn check_data(d: &RealmData) -> Result<(), RuleError> {
    if d.cards.is_empty() || d.leaders.is_empty() {
        return Err(err(
            "realm.data",
            "the rule data shipped with the app did not load: no game can be set up",
        ));
    }
    Ok(())
}

/// A new game at setup: no Leaders yet, the rulebook's printed card facts and the table's
/// remembered descriptions, and the chosen reward table.
pub fn initial(o: &TrackerOptions, seats: &[Seat]) -> Result<TrackerState, RuleError> {
    let d = data();
    check_data(d)?;
    if seats.is_empty() || seats.len() > 5 {
        return Err(err("realm.players", "Raise the Realm takes 1 to 5 players"));
    }
    for (k, m) in &o.catalogue.mats {
        check_mat(k, m)?;
    }
    if o.rewards
        .vp_by_place
        .iter()
        .chain(&o.rewards.final_vp_by_place)
        .any(|v| !(0..=30).contains(v))
        || !(1..=5).contains(&o.rewards.vp_by_place.len())
        || !(1..=5).contains(&o.rewards.final_vp_by_place.len())
        || !(0..=3).contains(&o.rewards.second_cards)
        || !(0..=3).contains(&o.rewards.others_cards)
        || !(0..=1).contains(&o.rewards.second_resources)
    {
        return Err(err(
            "realm.rewards",
            "objective rewards: 1 to 5 places of 0 to 30 VP; 0 to 3 cards; 0 or 1 resource",
        ));
    }
    // Printed facts first; a remembered description never overrides the rulebook.
    let mut cards: BTreeMap<String, CardFacts> = d
        .cards
        .iter()
        .filter_map(|c| c.printed_facts().map(|f| (c.name.clone(), f)))
        .collect();
    for (k, f) in &o.catalogue.cards {
        if check_card(k, f).is_ok() {
            cards.entry(k.clone()).or_insert_with(|| f.clone());
        }
    }
    let player = PlayerState {
        leader: None,
        supply: Resources::default(),
        gold: 0,
        hand: 0,
        workers: 0,
        waiting_workers: 0,
        temporary: 0,
        used: 0,
        cubes_removed: vec![0; 3],
        tableau: Vec::new(),
        crest_used: false,
        objective_vp: 0,
        objective_firsts: 0,
        game_end_vp: None,
        family_secret: None,
    };
    Ok(TrackerState {
        solo: seats.len() == 1,
        phase: Phase::Setup,
        era: 0,
        first_player: 0,
        current: 0,
        players: vec![player; seats.len()],
        board: Board {
            accumulating: Resources::default(),
            taken: BTreeMap::new(),
            tiles: BTreeMap::new(),
        },
        turn: super::apply::fresh_turn(),
        cards,
        mats: o.catalogue.mats.clone(),
        events: Vec::new(),
        objectives: Vec::new(),
        rewards: o.rewards.clone(),
        solo_events: o
            .catalogue
            .events
            .iter()
            .filter(|(k, f)| super::era::check_event(k, f).is_ok())
            .map(|(k, f)| (k.clone(), f.clone()))
            .collect(),
    })
}

fn in_setup(s: &TrackerState) -> Result<(), RuleError> {
    if s.phase != Phase::Setup {
        return Err(err("realm.phase", "setup is over"));
    }
    Ok(())
}

/// Why `leader` may not sit at this table, if it may not.
fn leader_refusal(s: &TrackerState, seat: Option<usize>, leader: &str) -> Option<RuleError> {
    let Some(l) = data().leader(leader) else {
        return Some(err(
            "realm.leader",
            format!("'{leader}' is not one of the 8 Leaders"),
        ));
    };
    if s.solo && l.solo_excluded {
        return Some(err(
            "realm.solo-leader",
            format!("the {leader} is not played solo"),
        ));
    }
    if let Some(i) = s
        .players
        .iter()
        .position(|p| p.leader.as_deref() == Some(leader))
    {
        if Some(i) != seat {
            return Some(err(
                "realm.leader-taken",
                format!("{} already leads as the {leader}", who(i)),
            ));
        }
    }
    if let Some(m) = s.mats.get(leader) {
        if usize::from(m.players) > s.players.len() {
            return Some(err(
                "realm.mat-players",
                format!("the {leader} mat is for {} or more players", m.players),
            ));
        }
    }
    None
}

/// Why this table may not play `leader` at all (whoever holds it now): the solo exclusions and
/// the mat's player count.
pub fn unplayable(s: &TrackerState, leader: &str) -> Option<String> {
    let holder = s
        .players
        .iter()
        .position(|p| p.leader.as_deref() == Some(leader));
    leader_refusal(s, holder, leader).map(|e| e.message)
}

pub fn choose(s: &TrackerState, seat: u8, leader: &str) -> Result<Vec<TrackerEvent>, RuleError> {
    in_setup(s)?;
    super::rules::player(s, seat)?;
    if let Some(e) = leader_refusal(s, Some(usize::from(seat)), leader) {
        return Err(e);
    }
    Ok(vec![TrackerEvent::LeaderChosen {
        seat,
        leader: leader.to_string(),
    }])
}

pub fn deal(s: &TrackerState, rng: &mut GameRng) -> Result<Vec<TrackerEvent>, RuleError> {
    in_setup(s)?;
    let mut pool: Vec<&str> = data()
        .leaders
        .iter()
        .map(|l| l.name.as_str())
        .filter(|l| leader_refusal(s, None, l).is_none())
        .collect();
    let mut events = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        if p.leader.is_some() {
            continue;
        }
        if pool.is_empty() {
            return Err(err("realm.leader", "no Leader is left to deal"));
        }
        let k = rng.random_range(0..pool.len());
        events.push(TrackerEvent::LeaderChosen {
            seat: i as u8,
            leader: pool.remove(k).to_string(),
        });
    }
    if events.is_empty() {
        return Err(err("realm.leader", "every player already has a Leader"));
    }
    Ok(events)
}

pub fn check_mat(leader: &str, m: &MatFacts) -> Result<(), RuleError> {
    if data().leader(leader).is_none() {
        return Err(err(
            "realm.leader",
            format!("'{leader}' is not one of the 8 Leaders"),
        ));
    }
    let cubes = usize::from(data().limits.cubes_per_track);
    for t in Track::ALL {
        let v = m.values(t);
        if v.len() != cubes + 1 {
            return Err(err(
                "realm.mat",
                format!(
                    "the {} track needs {} values: the start and one under each of its {cubes} cubes",
                    t.name(),
                    cubes + 1
                ),
            ));
        }
        if v.windows(2).any(|w| w[1] < w[0]) || v.iter().any(|&x| x > 9) {
            return Err(err(
                "realm.mat",
                format!(
                    "the {} track's values run 0 to 9 and never go down from left to right",
                    t.name()
                ),
            ));
        }
    }
    if !(1..=5).contains(&m.players) {
        return Err(err("realm.mat", "a mat's player-count number is 1 to 5"));
    }
    Ok(())
}

pub fn describe_mat(
    s: &TrackerState,
    leader: &str,
    m: &MatFacts,
) -> Result<Vec<TrackerEvent>, RuleError> {
    in_setup(s)?;
    check_mat(leader, m)?;
    if let Some(i) = s
        .players
        .iter()
        .position(|p| p.leader.as_deref() == Some(leader))
    {
        if usize::from(m.players) > s.players.len() {
            return Err(err(
                "realm.mat-players",
                format!(
                    "{} chose the {leader}, whose mat is for {} or more players: choose another Leader first",
                    who(i),
                    m.players
                ),
            ));
        }
    }
    Ok(vec![TrackerEvent::MatDescribed {
        leader: leader.to_string(),
        mat: m.clone(),
    }])
}

/// A card description must agree with whatever the rulebook prints about the card.
pub fn check_card(card: &str, f: &CardFacts) -> Result<(), RuleError> {
    let c = known_card(card)?;
    let clash = |what: &str| {
        Err(err(
            "realm.card-printed",
            format!("the rulebook prints the {card}'s {what} differently"),
        ))
    };
    if c.track.is_some_and(|t| t != f.track) {
        return clash("track");
    }
    if c.kind.is_some_and(|k| k != f.kind) {
        return clash("type");
    }
    if c.cost.as_ref().is_some_and(|x| x != &f.cost) {
        return clash("cost");
    }
    if c.vp.is_some_and(|v| v != f.vp) {
        return clash("Victory Points");
    }
    if c.once_per_era && !f.once_per_era {
        return clash("once-per-Era mark");
    }
    if f.cost.any_negative().is_some() || !f.cost.within(12) || f.cost.total() > 12 {
        return Err(err("realm.card-cost", "a cost is 0 to 12 resources"));
    }
    if !(-10..=20).contains(&f.vp) {
        return Err(err(
            "realm.card-vp",
            "a card's Victory Points are -10 to 20",
        ));
    }
    // Leaders' starting builds pin the track of those cards (000 lines 106-120).
    for l in &data().leaders {
        if let Some(sc) = l.start.iter().find(|sc| sc.card == card) {
            if sc.track != f.track {
                return Err(err(
                    "realm.card-printed",
                    format!(
                        "the {} starts on the {}'s {} track",
                        card,
                        l.name,
                        sc.track.name()
                    ),
                ));
            }
        }
    }
    Ok(())
}

pub fn describe_card(
    s: &TrackerState,
    card: &str,
    f: &CardFacts,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.phase == Phase::Over {
        return Err(err("realm.phase", "the game is over"));
    }
    check_card(card, f)?;
    if let Some(t) = s
        .players
        .iter()
        .flat_map(|p| &p.tableau)
        .find(|t| t.card == card && t.track != f.track)
    {
        return Err(err(
            "realm.card-printed",
            format!("a {card} already sits on a {} track", t.track.name()),
        ));
    }
    Ok(vec![TrackerEvent::CardDescribed {
        card: card.to_string(),
        facts: f.clone(),
    }])
}

pub fn name_tile(
    s: &TrackerState,
    space: &str,
    name: &str,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.phase == Phase::Over {
        return Err(err("realm.phase", "the game is over"));
    }
    let d = data();
    let Some(level) = d.advanced(space).map(|a| a.level) else {
        return Err(err(
            "realm.space",
            format!("'{space}' is not an Advanced Gather level"),
        ));
    };
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(err("realm.tile", "name the tile (1 to 60 letters)"));
    }
    // A tile the rulebook names is kept under its printed name, and only on its own level.
    let name = match d.tile(name) {
        Some(t) if t.level != level => {
            return Err(err(
                "realm.tile-level",
                format!(
                    "\"{}\" is an Advanced Gather {} tile: the tiles are dealt per level",
                    t.name, t.level
                ),
            ))
        }
        Some(t) => t.name.clone(),
        None => name.to_string(),
    };
    Ok(vec![TrackerEvent::TileNamed {
        space: space.to_string(),
        name,
    }])
}

pub fn start(
    s: &TrackerState,
    first_player: Option<u8>,
    rng: &mut GameRng,
) -> Result<Vec<TrackerEvent>, RuleError> {
    in_setup(s)?;
    let d = data();
    let n = s.players.len();
    for (i, p) in s.players.iter().enumerate() {
        let Some(l) = &p.leader else {
            return Err(err("realm.leader", format!("{} has no Leader yet", who(i))));
        };
        if !s.mats.contains_key(l) {
            return Err(err(
                "realm.mat-unknown",
                format!("describe the {l} mat's printed track values first"),
            ));
        }
        if let Some(e) = leader_refusal(s, Some(i), l) {
            return Err(e);
        }
    }
    let first = Laid::from(first_player)
        .settle(
            rng,
            |rng| rng.random_range(0..n) as u8,
            |&f| at_table(f, n, "realm.seat"),
        )?
        .value;
    let hand = if s.solo {
        d.setup.solo_keep
    } else {
        d.setup.draft_keep
    };
    let mut events = vec![TrackerEvent::GameStarted {
        first_player: first,
        start_resources: d.setup.start_resources,
        hand,
        accumulating: d.setup.accumulating_start,
        workers: d.workers.start,
    }];
    for (i, p) in s.players.iter().enumerate() {
        let Some(l) = p.leader.as_deref().and_then(|l| d.leader(l)) else {
            continue;
        };
        for sc in &l.start {
            events.push(TrackerEvent::CardPlayed {
                seat: i as u8,
                card: TableauCard {
                    card: sc.card.clone(),
                    track: sc.track,
                    stored: Resources::default(),
                    stored_gold: 0,
                    tucked: 0,
                    used_this_era: false,
                },
                cube: true,
            });
        }
        // The Warden tucks 2 extra drafted cards under the Dungeon (000 line 116).
        if let Some(t) = &l.setup_tuck {
            if let Some(slot) = l.start.iter().position(|sc| sc.card == t.card) {
                events.push(TrackerEvent::Ledger {
                    seat: i as u8,
                    change: Change {
                        tuck: vec![TuckChange {
                            slot: slot as u8,
                            count: t.count,
                        }],
                        ..Default::default()
                    },
                });
            }
        }
    }
    Ok(events)
}

/// What a game teaches the table's catalogue: each card, mat or Solo Era Event it described.
pub fn learned(e: &TrackerEvent) -> Vec<(String, serde_json::Value)> {
    match e {
        TrackerEvent::EventDescribed { name, facts } => vec![(
            format!("{EVENT_KEY}{name}"),
            serde_json::to_value(facts).unwrap_or_default(),
        )],
        TrackerEvent::CardDescribed { card, facts } => vec![(
            format!("{CARD_KEY}{card}"),
            serde_json::to_value(facts).unwrap_or_default(),
        )],
        TrackerEvent::MatDescribed { leader, mat } => vec![(
            format!("{MAT_KEY}{leader}"),
            serde_json::to_value(mat).unwrap_or_default(),
        )],
        _ => Vec::new(),
    }
}

/// Whether a remembered catalogue entry is a description this game would accept.
pub fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
    let bad = |e: serde_json::Error| err("realm.catalogue", format!("not a description: {e}"));
    if let Some(card) = key.strip_prefix(CARD_KEY) {
        let f: CardFacts = serde_json::from_value(value.clone()).map_err(bad)?;
        check_card(card, &f)
    } else if let Some(leader) = key.strip_prefix(MAT_KEY) {
        let m: MatFacts = serde_json::from_value(value.clone()).map_err(bad)?;
        check_mat(leader, &m)
    } else if let Some(name) = key.strip_prefix(EVENT_KEY) {
        let f: SoloEventFacts = serde_json::from_value(value.clone()).map_err(bad)?;
        super::era::check_event(name, &f)
    } else {
        Err(err(
            "realm.catalogue",
            format!("'{key}' names neither a card, a Leader mat nor a Solo Era Event"),
        ))
    }
}

/// The options' cards, mats and Solo Era Event rewards as catalogue entries.
pub fn catalogue_in(o: &TrackerOptions) -> Vec<(String, serde_json::Value)> {
    let c = &o.catalogue;
    let cards = c
        .cards
        .iter()
        .map(|(k, f)| (format!("{CARD_KEY}{k}"), to_json(f)));
    let mats = c
        .mats
        .iter()
        .map(|(k, m)| (format!("{MAT_KEY}{k}"), to_json(m)));
    let events = c
        .events
        .iter()
        .map(|(k, f)| (format!("{EVENT_KEY}{k}"), to_json(f)));
    cards.chain(mats).chain(events).collect()
}

/// A new game's options with the catalogue's remembered cards, mats and Solo Era Event rewards
/// (those already in the options win).
pub fn with_catalogue(o: &mut TrackerOptions, entries: &[(String, serde_json::Value)]) {
    for (key, value) in entries {
        if let Some(card) = key.strip_prefix(CARD_KEY) {
            if let Ok(f) = serde_json::from_value::<CardFacts>(value.clone()) {
                o.catalogue.cards.entry(card.to_string()).or_insert(f);
            }
        } else if let Some(leader) = key.strip_prefix(MAT_KEY) {
            if let Ok(m) = serde_json::from_value::<MatFacts>(value.clone()) {
                o.catalogue.mats.entry(leader.to_string()).or_insert(m);
            }
        } else if let Some(name) = key.strip_prefix(EVENT_KEY) {
            if let Ok(f) = serde_json::from_value::<SoloEventFacts>(value.clone()) {
                o.catalogue.events.entry(name.to_string()).or_insert(f);
            }
        }
    }
}
