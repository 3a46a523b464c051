//! Deciding an action: which of the rooms (setup, worker actions, the Era's frame) judges it,
//! and the buttons the core can offer whole, each probed through `handle` so the list never
//! offers what would be refused.

use super::actions::{TrackerAction, TrackerEvent};
use super::model::{Phase, Res, Track, TrackerState};
use super::{era, rules, setup, worker};
use crate::realm::data::{data, Auto};
use engine::{err, Allowed, GameRng, RuleError};

pub fn handle(
    s: &TrackerState,
    a: &TrackerAction,
    rng: &mut GameRng,
) -> Result<Vec<TrackerEvent>, RuleError> {
    use TrackerAction as A;
    if s.phase == Phase::Over {
        return Err(err(
            "realm.finished",
            "the game is over: undo to correct it",
        ));
    }
    match a {
        A::ChooseLeader { seat, leader } => setup::choose(s, *seat, leader),
        A::DealLeaders => setup::deal(s, rng),
        A::DescribeMat { leader, mat } => setup::describe_mat(s, leader, mat),
        A::DescribeCard { card, facts } => setup::describe_card(s, card, facts),
        A::DescribeEvent { name, facts } => era::describe_event(s, name, facts),
        A::NameEvent { name } => era::name_event(s, name),
        A::NameTile { space, name } => setup::name_tile(s, space, name),
        A::StartGame { first_player } => setup::start(s, *first_player, rng),
        A::RevealEvent {
            name,
            positive,
            chosen_effect,
            describe,
        } => era::reveal(
            s,
            name,
            *positive,
            chosen_effect.as_deref(),
            describe.as_ref(),
        ),
        A::Produce { ability } => worker::produce(s, *ability),
        A::Activate {
            slot,
            change,
            wood,
            ability,
        } => worker::activate(s, *slot, change.as_ref(), *wood, *ability),
        A::FinishProduce => worker::finish_produce(s),
        A::Draw {
            deck,
            market,
            ability,
        } => worker::draw(s, *deck, *market, *ability),
        A::Gather {
            space,
            change,
            ability,
        } => worker::gather(s, space, change.as_ref(), *ability),
        A::Expand {
            card,
            describe,
            from_stored,
            free_citizen,
        } => worker::expand(
            s,
            card,
            describe.as_ref(),
            from_stored,
            free_citizen.as_deref(),
        ),
        A::Convert { give, get } => worker::convert(s, give, *get),
        A::UseAbility { change } => worker::use_ability(s, change),
        A::Effect { seat, card, change } => worker::effect(s, *seat, card, change),
        A::EffectEach {
            source,
            seats,
            change,
        } => worker::effect_each(s, source, seats, change),
        A::PlayFree {
            seat,
            card,
            by: _,
            describe,
        } => worker::play_free(s, *seat, card, describe.as_ref()),
        A::SoloReveal {
            card,
            resources,
            slot,
            change,
            wood,
            from_market,
        } => worker::solo_reveal(
            s,
            card,
            resources,
            *slot,
            change.as_ref(),
            *wood,
            *from_market,
        ),
        A::RemoveCard { seat, slot, by } => worker::remove_card(s, *seat, *slot, by),
        A::EndTurn => era::end_turn(s),
        A::ScoreObjective {
            measures,
            resources,
            fewest,
        } => era::score_objective(s, measures, resources, *fewest),
        A::SoloObjective { met } => era::solo_objective(s, *met),
        A::NextEra => era::next_era(s),
        A::FinalEntry {
            seat,
            game_end_vp,
            family_secret,
        } => era::final_entry(s, *seat, *game_end_vp, *family_secret),
        A::Finish => era::finish(s),
    }
}

/// Leaving an Era and closing the game are asked first: nothing more can be recorded in what
/// they close.
pub fn confirm(s: &TrackerState, action: &TrackerAction) -> Option<String> {
    match action {
        TrackerAction::NextEra if s.era >= data().eras => Some(format!(
            "Go to the final scoring? Nothing more can be recorded in Era {}.",
            s.era
        )),
        TrackerAction::NextEra => Some(format!(
            "Begin Era {}? Nothing more can be recorded in Era {}.",
            s.era + 1,
            s.era
        )),
        TrackerAction::Finish => {
            Some("Close the game? The final scores become its result.".to_string())
        }
        _ => None,
    }
}

/// Whose decision `a` is now: a Leader chosen for a named seat is that seat's (during setup);
/// the worker actions, free actions and the effects entered while a turn runs are the current
/// player's; the deal, the printed facts (a mat, a card, an Event's reward, a tile's name) the
/// table reads off, the start, the Era's reveal, objective and reset, and the final entries are
/// the table's, as is an effect entered at an Era's start or end.
pub fn decider(s: &TrackerState, a: &TrackerAction) -> Option<u8> {
    use TrackerAction as A;
    let turn = (s.phase == Phase::Playing).then_some(s.current);
    match a {
        A::ChooseLeader { seat, .. } => (s.phase == Phase::Setup).then_some(*seat),
        A::Produce { .. }
        | A::Activate { .. }
        | A::FinishProduce
        | A::Draw { .. }
        | A::Gather { .. }
        | A::Expand { .. }
        | A::Convert { .. }
        | A::UseAbility { .. }
        | A::Effect { .. }
        | A::PlayFree { .. }
        | A::SoloReveal { .. }
        | A::RemoveCard { .. }
        | A::EndTurn => turn,
        // An effect on several players alike is an entry for everyone (an Era Event's).
        A::EffectEach { .. }
        | A::DealLeaders
        | A::DescribeMat { .. }
        | A::DescribeCard { .. }
        | A::DescribeEvent { .. }
        | A::NameEvent { .. }
        | A::NameTile { .. }
        | A::StartGame { .. }
        | A::RevealEvent { .. }
        | A::ScoreObjective { .. }
        | A::SoloObjective { .. }
        | A::NextEra
        | A::FinalEntry { .. }
        | A::Finish => None,
    }
}

/// The action as a button, if `handle` would take it now.
fn probe(
    s: &TrackerState,
    a: TrackerAction,
    label: String,
    group: &str,
) -> Option<Allowed<TrackerAction>> {
    let mut rng = rand::SeedableRng::seed_from_u64(0);
    handle(s, &a, &mut rng).ok().map(|_| Allowed {
        label,
        group: group.into(),
        action: a,
    })
}

type Offers = Vec<Option<Allowed<TrackerAction>>>;

pub fn allowed(s: &TrackerState) -> Vec<Allowed<TrackerAction>> {
    let mut out: Offers = Vec::new();
    match s.phase {
        Phase::Setup => setup_offers(s, &mut out),
        Phase::EraStart => era_start_offers(s, &mut out),
        Phase::Playing => {
            produce_offers(s, &mut out);
            worker_offers(s, &mut out);
            out.push(probe(s, TrackerAction::EndTurn, "End turn".into(), "turn"));
        }
        Phase::EraEnd => era_end_offers(s, &mut out),
        Phase::FinalScoring => final_offers(s, &mut out),
        Phase::Over => {}
    }
    out.into_iter().flatten().collect()
}

fn setup_offers(s: &TrackerState, out: &mut Offers) {
    use TrackerAction as A;
    out.push(probe(
        s,
        A::DealLeaders,
        "Deal Leaders at random".into(),
        "setup",
    ));
    out.push(probe(
        s,
        A::StartGame { first_player: None },
        "Start: lay out the Estates (random first player)".into(),
        "setup",
    ));
}

fn era_start_offers(s: &TrackerState, out: &mut Offers) {
    use TrackerAction as A;
    let name = era::unnamed(s.era);
    if s.solo {
        out.push(probe(
            s,
            A::RevealEvent {
                name,
                positive: None,
                chosen_effect: Some("the first effect".into()),
                describe: None,
            },
            format!("Reveal Era {}'s Event (unnamed, first effect)", s.era),
            "era",
        ));
    } else {
        for (sign, word) in [(false, "negative"), (true, "positive")] {
            out.push(probe(
                s,
                A::RevealEvent {
                    name: name.clone(),
                    positive: Some(sign),
                    chosen_effect: None,
                    describe: None,
                },
                format!("Reveal Era {}'s Event (unnamed, {word})", s.era),
                "era",
            ));
        }
    }
}

/// During a Produce action: each computed card not yet activated, and finishing.
fn produce_offers(s: &TrackerState, out: &mut Offers) {
    use TrackerAction as A;
    let d = data();
    let p = &s.players[usize::from(s.current)];
    let Some(pr) = &s.turn.produce else {
        return;
    };
    for (i, c) in p.tableau.iter().enumerate() {
        let Some(auto) = d.card(&c.card).and_then(|x| x.auto) else {
            continue;
        };
        if pr.used.contains(&(i as u8)) {
            continue;
        }
        let wood = (auto == Auto::CharcoalBurner).then(|| p.supply.wood.clamp(0, 3) as u8);
        out.push(probe(
            s,
            A::Activate {
                slot: i as u8,
                change: None,
                wood,
                ability: false,
            },
            format!("Activate the {} (card {})", c.card, i + 1),
            "produce",
        ));
    }
    out.push(probe(
        s,
        A::FinishProduce,
        "Done producing".into(),
        "produce",
    ));
}

/// The worker actions: Produce, Draw, each Gather space, and Expand with known cards.
fn worker_offers(s: &TrackerState, out: &mut Offers) {
    use TrackerAction as A;
    let d = data();
    let seat = usize::from(s.current);
    let p = &s.players[seat];
    out.push(probe(
        s,
        A::Produce { ability: false },
        "Produce".into(),
        "worker",
    ));
    out.push(probe(
        s,
        A::Produce { ability: true },
        "Produce +1 card (Leader ability)".into(),
        "worker",
    ));
    if let Ok(v) = rules::track_value(s, seat, Track::Noble) {
        out.push(probe(
            s,
            A::Draw {
                deck: v,
                market: 0,
                ability: false,
            },
            format!("Draw {v} from the deck"),
            "worker",
        ));
    }
    let gather = |space: String, label: String| {
        probe(
            s,
            A::Gather {
                space,
                change: None,
                ability: None,
            },
            label,
            "gather",
        )
    };
    for r in Res::ALL {
        let n = s.board.accumulating.get(r);
        out.push(gather(
            r.name().to_lowercase(),
            format!("Gather {n} {}", r.name()),
        ));
    }
    for sp in &d.board.open {
        out.push(gather(sp.id.clone(), format!("Gather: {}", sp.name)));
    }
    for sp in &d.board.advanced {
        out.push(gather(
            sp.id.clone(),
            format!("Gather: Advanced level {}", sp.level),
        ));
    }
    // Cards whose facts are known and that the player can afford from supply.
    if p.hand > 0 {
        for (name, f) in &s.cards {
            out.push(probe(
                s,
                A::Expand {
                    card: name.clone(),
                    describe: None,
                    from_stored: Vec::new(),
                    free_citizen: None,
                },
                format!("Expand: {name} ({})", f.cost.describe()),
                "expand",
            ));
        }
    }
}

fn era_end_offers(s: &TrackerState, out: &mut Offers) {
    use TrackerAction as A;
    if s.solo {
        out.push(probe(
            s,
            A::SoloObjective { met: true },
            "Objective met".into(),
            "era",
        ));
        out.push(probe(
            s,
            A::SoloObjective { met: false },
            "Objective not met".into(),
            "era",
        ));
    } else {
        out.push(probe(
            s,
            A::ScoreObjective {
                measures: vec![0; s.players.len()],
                resources: Vec::new(),
                fewest: false,
            },
            "Score the objective: everyone tied".into(),
            "era",
        ));
    }
    let label = if s.era >= data().eras {
        "Go to the final scoring".to_string()
    } else {
        format!("Begin Era {}", s.era + 1)
    };
    out.push(probe(s, A::NextEra, label, "era"));
}

fn final_offers(s: &TrackerState, out: &mut Offers) {
    use TrackerAction as A;
    for (i, p) in s.players.iter().enumerate() {
        if p.game_end_vp.is_none() {
            out.push(probe(
                s,
                A::FinalEntry {
                    seat: i as u8,
                    game_end_vp: 0,
                    family_secret: 0,
                },
                format!("{}: no Game End or Family Secret VP", engine::who(i)),
                "final",
            ));
        }
    }
    out.push(probe(
        s,
        A::Finish,
        "Close the game: final score".into(),
        "final",
    ));
}
