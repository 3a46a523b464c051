//! A game's draft setup, before its first action, one way for every game: the app draws it with
//! the game's recorded seed, or the players laid it out at the table and tell the app, which
//! checks what it is told against the box before taking it.
//!
//! Every game starts so: Nine Estates' deal, The Estates' cube rows and first auctioneer, Middle
//! Ages' rows of plots and first placer, the first player of Raise the Realm and of Realm Lord.
//! Each game keeps its own words for it in its actions, because their JSON shapes are what the
//! log and the held-out scenarios hold and must not change; its decision turns those words into a
//! [`Laid`] and settles it here, so that "drawn or told, and told means checked" is written once
//! and the event can say which it was ([`LaidOut::drawn`]).

use crate::game::{err, GameRng, RuleError};

/// What the table chose for one part of its setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Laid<T> {
    /// The app draws it with the game's generator.
    Drawn,
    /// The players laid it out themselves: this is what they tell the app.
    Told(T),
}

/// A settled part of the setup, and whether the app drew it (events and the history say so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaidOut<T> {
    pub value: T,
    pub drawn: bool,
}

impl<T> From<Option<T>> for Laid<T> {
    /// The actions' common shorthand: `None` has the app draw, `Some` is what the table laid.
    fn from(told: Option<T>) -> Self {
        told.map_or(Laid::Drawn, Laid::Told)
    }
}

impl<T> Laid<T> {
    /// The setup part to play with: `draw` makes it with the game's generator (called only when
    /// the app draws, so a told setup leaves the generator where it was); what the table tells
    /// is first held to `check`, whose refusal is the decision's.
    pub fn settle(
        self,
        rng: &mut GameRng,
        draw: impl FnOnce(&mut GameRng) -> T,
        check: impl FnOnce(&T) -> Result<(), RuleError>,
    ) -> Result<LaidOut<T>, RuleError> {
        match self {
            Laid::Drawn => Ok(LaidOut {
                value: draw(rng),
                drawn: true,
            }),
            Laid::Told(value) => {
                check(&value)?;
                Ok(LaidOut {
                    value,
                    drawn: false,
                })
            }
        }
    }
}

/// The check of a told seat (the first player, the first auctioneer): one of the `seats` at the
/// table, or a refusal under the game's `rule` that says how many there are.
pub fn at_table(seat: u8, seats: usize, rule: &str) -> Result<(), RuleError> {
    if usize::from(seat) < seats {
        Ok(())
    } else {
        Err(err(rule, format!("there are {seats} players")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};

    fn rng() -> GameRng {
        GameRng::seed_from_u64(7)
    }

    #[test]
    fn a_drawn_setup_is_made_by_the_generator_and_marked_drawn() {
        let mut r = rng();
        let settled = Laid::Drawn
            .settle(&mut r, |g| g.next_u32(), |_| Err(err("x", "never asked")))
            .expect("a draw is never checked");
        assert!(settled.drawn);
        assert_eq!(
            settled.value,
            rng().next_u32(),
            "the first draw of the seed"
        );
    }

    #[test]
    fn a_told_setup_is_checked_leaves_the_generator_alone_and_is_not_drawn() {
        let mut r = rng();
        let settled = Laid::Told(3u8)
            .settle(&mut r, |_| panic!("a told setup is not drawn"), |_| Ok(()))
            .expect("the check passes");
        assert_eq!(
            settled,
            LaidOut {
                value: 3,
                drawn: false
            }
        );
        assert_eq!(
            r.next_u32(),
            rng().next_u32(),
            "the generator was not drawn"
        );
    }

    #[test]
    fn a_told_setup_the_check_refuses_is_refused_with_its_rule() {
        let refusal = Laid::Told(9u8)
            .settle(&mut rng(), |_| 0, |&s| at_table(s, 4, "game.seat"))
            .expect_err("seat 9 of 4");
        assert_eq!(refusal.rule, "game.seat");
        assert_eq!(refusal.message, "there are 4 players");
    }

    #[test]
    fn none_draws_and_some_tells() {
        assert_eq!(Laid::<u8>::from(None), Laid::Drawn);
        assert_eq!(Laid::from(Some(2u8)), Laid::Told(2));
    }

    #[test]
    fn every_seat_of_the_table_and_no_other_is_at_it() {
        assert!((0..4).all(|s| at_table(s, 4, "r").is_ok()));
        assert!(at_table(4, 4, "r").is_err());
    }
}
