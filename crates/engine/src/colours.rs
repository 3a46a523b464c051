//! Seat colours: players at one table never share a colour. A seat takes its person's usual
//! colour unless the table asked for another or someone seated before already has it; then it
//! takes the first colour of the [`PALETTE`] nobody at the table has.

/// The colours the app offers, in the order a new person or a clashing seat is given them:
/// eight hues far apart, each legible with white text and as a dot on light and dark screens.
pub const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// Two seats asked for the same colour: which seats (0-based) and the colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourClash {
    pub first: usize,
    pub second: usize,
    pub colour: String,
}

/// Colours compare without regard to case (`#1F77B4` is `#1f77b4`).
fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// The colour of each seat, in seat order: `usual[i]` is the person's own colour, `wanted[i]`
/// (when given) the colour the table picked for that seat. Picked colours are kept and must
/// differ; the others keep their usual colour while it is free, or take the first colour of the
/// palette that nobody at the table has or usually has (past eight, a grey nobody has).
pub fn seat_colours(usual: &[&str], wanted: &[Option<&str>]) -> Result<Vec<String>, ColourClash> {
    let picked = |i: usize| wanted.get(i).copied().flatten();
    for second in 0..usual.len() {
        if let Some(c) = picked(second) {
            if let Some(first) = (0..second).find(|&f| picked(f).is_some_and(|p| same(p, c))) {
                return Err(ColourClash {
                    first,
                    second,
                    colour: c.to_lowercase(),
                });
            }
        }
    }
    let mut out: Vec<String> = Vec::with_capacity(usual.len());
    for (i, own) in usual.iter().enumerate() {
        let taken = |c: &str, out: &[String]| {
            out.iter().any(|o| same(o, c))
                || (0..usual.len()).any(|j| j != i && picked(j).is_some_and(|p| same(p, c)))
        };
        let colour = match picked(i) {
            Some(c) => c.to_lowercase(),
            None if !taken(own, &out) => own.to_lowercase(),
            // A clashing seat also leaves alone the usual colours of the unpicked seats after
            // it, so that they keep theirs.
            None => free_colour(|c| {
                taken(c, &out)
                    || (i + 1..usual.len()).any(|j| picked(j).is_none() && same(usual[j], c))
            }),
        };
        out.push(colour);
    }
    Ok(out)
}

/// The first colour of the palette `taken` refuses, or past the palette a grey nobody has.
pub fn free_colour(taken: impl Fn(&str) -> bool) -> String {
    if let Some(c) = PALETTE.iter().find(|c| !taken(c)) {
        return (*c).to_string();
    }
    (0x20u8..=0xe0)
        .map(|v| format!("#{v:02x}{v:02x}{v:02x}"))
        .find(|c| !taken(c))
        .unwrap_or_else(|| "#000000".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_usual_colours_are_kept() {
        let c = seat_colours(&["#d62728", "#1f77b4"], &[]).unwrap();
        assert_eq!(c, ["#d62728", "#1f77b4"]);
    }

    #[test]
    fn a_second_person_of_the_same_colour_takes_the_first_free_one() {
        let c = seat_colours(&["#1f77b4", "#1F77B4", "#d62728"], &[]).unwrap();
        assert_eq!(c, ["#1f77b4", "#2ca02c", "#d62728"]);
    }

    #[test]
    fn a_picked_colour_is_kept_and_the_person_who_usually_has_it_moves() {
        let c = seat_colours(&["#1f77b4", "#d62728"], &[None, Some("#1f77b4")]).unwrap();
        assert_eq!(c, ["#d62728", "#1f77b4"]);
    }

    #[test]
    fn a_clashing_seat_leaves_a_later_seats_usual_colour_alone() {
        let c = seat_colours(&["#2ca02c", "#2ca02c", "#1f77b4"], &[]).unwrap();
        assert_eq!(c, ["#2ca02c", "#d62728", "#1f77b4"]);
    }

    #[test]
    fn two_seats_picking_one_colour_are_refused_naming_both() {
        let e = seat_colours(
            &["#1f77b4", "#d62728", "#2ca02c"],
            &[Some("#ff7f0e"), None, Some("#FF7F0E")],
        )
        .unwrap_err();
        assert_eq!((e.first, e.second, e.colour.as_str()), (0, 2, "#ff7f0e"));
    }

    #[test]
    fn more_seats_than_palette_colours_still_differ() {
        let usual = ["#1f77b4"; 10];
        let c = seat_colours(&usual, &[]).unwrap();
        for (i, a) in c.iter().enumerate() {
            assert!(c[i + 1..].iter().all(|b| b != a), "{c:?}");
        }
    }
}
