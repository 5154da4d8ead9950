//! Configurations as text: one pin per disc, largest disc first (`0120`: four discs on three
//! pins, the largest on pin 0, the next on pin 1 ...), comma-separated when the puzzle has
//! more than 10 pins (`0,11,3`), or `tower:P` for every disc on pin `P`.
//!
//! A pin per disc determines the configuration exactly when the order on each pin is forced,
//! that is when all discs have distinct sizes (a pin holds its discs largest at the bottom)
//! and when colours never change on a move (each disc keeps the colour it has in the
//! puzzle's start). Puzzles with equally sized discs (Antwerp, Turtle, several stacks) or
//! with recolouring moves (Domino, Lundon, Reversi) are refused with a message saying so.
//! Under the puzzle's rules a configuration must also place each disc on a pin its stack may
//! use, and, under a colour rule, on a disc or base its colour may rest on.
//!
//! ```
//! use hanoilab::puzzle::config_text::{format_positions, parse_config, positions_of};
//! use hanoilab::puzzle::bench::classic_puzzle;
//! let p = classic_puzzle(4);
//! let c = parse_config(&p, "0120").unwrap();
//! assert_eq!(c.pins, vec![vec![0, 3], vec![1], vec![2]]);
//! assert_eq!(format_positions(&positions_of(&p, &c).unwrap(), 3), "0120");
//! assert_eq!(parse_config(&p, "tower:2").unwrap(), p.goal);
//! assert!(parse_config(&p, "0130").unwrap_err().to_string().contains("position 3"));
//! ```

use super::model::{ColourRule, Config, Puzzle, Recolour};
use std::fmt;

/// Why a text is not a configuration of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigTextError {
    /// Not of the form `DIGITS`, `P,P,...` or `tower:P`.
    #[error("`{text}`: {message}")]
    Syntax {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// A pin per disc, but not as many as the puzzle has discs.
    #[error("`{text}`: {given} pins given for {discs} discs (one pin per disc, largest first)")]
    Length {
        /// The text as given.
        text: String,
        /// Pins given.
        given: usize,
        /// Discs of the puzzle.
        discs: usize,
    },
    /// A pin outside `0..pins`.
    #[error("`{text}`: position {position} (the disc of size {size}) is on pin {pin}, but the puzzle has pins 0..{}", pins - 1)]
    PinOutOfRange {
        /// The text as given.
        text: String,
        /// 1-based position in the text (1: the largest disc).
        position: usize,
        /// The size of that disc.
        size: u32,
        /// The pin given.
        pin: u64,
        /// The puzzle's number of pins.
        pins: usize,
    },
    /// The placement breaks the puzzle's rules (a pin the disc's stack may not use, a colour
    /// it may not rest on).
    #[error("`{text}`: position {position} (the disc of size {size}) {message}")]
    Rule {
        /// The text as given.
        text: String,
        /// 1-based position (1: the largest disc).
        position: usize,
        /// The size of that disc.
        size: u32,
        /// Which rule it breaks.
        message: String,
    },
    /// The puzzle's configurations are not determined by a pin per disc.
    #[error("{0}")]
    Unsupported(String),
}

/// The text of a configuration given by the pin of each disc, largest first: digits for at
/// most 10 pins, comma-separated numbers otherwise.
pub fn format_positions(positions: &[u32], pins: usize) -> String {
    if pins <= 10 {
        positions
            .iter()
            .map(|&p| char::from_digit(p, 10).unwrap_or('?'))
            .collect()
    } else {
        let parts: Vec<String> = positions.iter().map(ToString::to_string).collect();
        parts.join(",")
    }
}

/// Parses `text` as the pin of each of `discs` discs on `pins` pins, largest first (or
/// `tower:P`): the syntax, the length and the range of every pin; no rules.
pub fn parse_positions(text: &str, discs: usize, pins: usize) -> Result<Vec<u32>, ConfigTextError> {
    let syntax = |message: String| ConfigTextError::Syntax {
        text: shorten(text),
        message,
    };
    let trimmed = text.trim();
    let sizes = |i: usize| (discs - i) as u32;
    if let Some(p) = trimmed.strip_prefix("tower:") {
        let pin: u64 = p.trim().parse().map_err(|_| {
            syntax(format!(
                "`tower:` takes a pin number 0..{}",
                pins.saturating_sub(1)
            ))
        })?;
        if pin >= pins as u64 {
            return Err(syntax(format!(
                "pin {pin} out of range: the puzzle has pins 0..{}",
                pins.saturating_sub(1)
            )));
        }
        return Ok(vec![pin as u32; discs]);
    }
    let values: Vec<u64> = if trimmed.contains(',') {
        trimmed
            .split(',')
            .enumerate()
            .map(|(i, part)| {
                part.trim().parse::<u64>().map_err(|_| {
                    syntax(format!(
                        "position {}: `{}` is not a pin number",
                        i + 1,
                        shorten(part.trim())
                    ))
                })
            })
            .collect::<Result<_, _>>()?
    } else {
        if pins > 10 && discs > 1 && !trimmed.is_empty() {
            return Err(syntax(format!(
                "the puzzle has {pins} pins: separate the pins with commas (`0,11,3`)"
            )));
        }
        if pins > 10 {
            // One disc (or none): the whole text is one number.
            match trimmed {
                "" => Vec::new(),
                t => vec![t
                    .parse::<u64>()
                    .map_err(|_| syntax(format!("`{}` is not a pin number", shorten(t))))?],
            }
        } else {
            trimmed
                .chars()
                .enumerate()
                .map(|(i, ch)| {
                    ch.to_digit(10).map(u64::from).ok_or_else(|| {
                        syntax(format!(
                            "position {}: `{ch}` is not a pin digit (expected a pin per disc, \
                             largest first, or tower:P)",
                            i + 1
                        ))
                    })
                })
                .collect::<Result<_, _>>()?
        }
    };
    if values.len() != discs {
        return Err(ConfigTextError::Length {
            text: shorten(text),
            given: values.len(),
            discs,
        });
    }
    values
        .iter()
        .enumerate()
        .map(|(i, &pin)| {
            if pin >= pins as u64 {
                Err(ConfigTextError::PinOutOfRange {
                    text: shorten(text),
                    position: i + 1,
                    size: sizes(i),
                    pin,
                    pins,
                })
            } else {
                Ok(pin as u32)
            }
        })
        .collect()
}

/// A long text cut for messages (a configuration of a million discs is one line of a million
/// digits).
fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}... ({} characters)", text.chars().count())
    }
}

/// The disc ids of `puzzle` from the largest to the smallest, when a pin per disc determines
/// its configurations (see the module documentation), else why not.
pub fn discs_largest_first(puzzle: &Puzzle) -> Result<Vec<u32>, ConfigTextError> {
    if let Recolour::Cycle(k) = puzzle.rules.recolour {
        return Err(ConfigTextError::Unsupported(format!(
            "configurations as text give one pin per disc, but this puzzle's moves change \
             the discs' colours (cycle of {k}): a configuration would need colours too (not \
             supported)"
        )));
    }
    let mut order: Vec<u32> = (0..puzzle.discs.len() as u32).collect();
    order.sort_by_key(|&d| std::cmp::Reverse(puzzle.discs[d as usize].size));
    if let Some(w) = order
        .windows(2)
        .find(|w| puzzle.discs[w[0] as usize].size == puzzle.discs[w[1] as usize].size)
    {
        return Err(ConfigTextError::Unsupported(format!(
            "configurations as text give one pin per disc, but this puzzle has several discs \
             of size {}: the order of equal discs on a pin is not determined (not supported)",
            puzzle.discs[w[0] as usize].size
        )));
    }
    Ok(order)
}

/// The configuration of `puzzle` with the disc of rank `i` (0: the largest) on pin
/// `positions[i]`, each disc with its colour in the puzzle's start; checked against the
/// puzzle's rules (stacks' pins, colours). `text` names the configuration in errors.
pub fn config_from_positions(
    puzzle: &Puzzle,
    positions: &[u32],
    text: &str,
) -> Result<Config, ConfigTextError> {
    let order = discs_largest_first(puzzle)?;
    if positions.len() != order.len() {
        return Err(ConfigTextError::Length {
            text: shorten(text),
            given: positions.len(),
            discs: order.len(),
        });
    }
    let mut pins = vec![Vec::new(); puzzle.pins];
    for (i, (&d, &pin)) in order.iter().zip(positions).enumerate() {
        let disc = &puzzle.discs[d as usize];
        let rule = |message: String| ConfigTextError::Rule {
            text: shorten(text),
            position: i + 1,
            size: disc.size,
            message,
        };
        if pin as usize >= puzzle.pins {
            return Err(ConfigTextError::PinOutOfRange {
                text: shorten(text),
                position: i + 1,
                size: disc.size,
                pin: pin.into(),
                pins: puzzle.pins,
            });
        }
        if let Some(masks) = &puzzle.rules.access {
            let mask = masks.get(disc.group as usize).copied().unwrap_or(u64::MAX);
            if pin < 64 && mask >> pin & 1 == 0 {
                return Err(rule(format!(
                    "is on pin {pin}, which the discs of its stack may not use"
                )));
            }
        }
        let stack: &mut Vec<u32> = &mut pins[pin as usize];
        if puzzle.rules.colour_rule != ColourRule::Any {
            let colour = puzzle.start.colours[d as usize];
            let under = match stack.last() {
                Some(&e) => Some(puzzle.start.colours[e as usize]),
                None => puzzle.bases[pin as usize],
            };
            if let Some(u) = under {
                if !puzzle.rules.colour_rule.admits(colour, u) {
                    return Err(rule(format!(
                        "has colour {colour} and would rest on colour {u} on pin {pin}, which \
                         the colour rule forbids"
                    )));
                }
            }
        }
        stack.push(d);
    }
    Ok(Config {
        pins,
        colours: puzzle.start.colours.clone(),
    })
}

/// Parses `text` (a pin per disc, largest first, or `tower:P`) as a configuration of
/// `puzzle`, checked against its rules.
pub fn parse_config(puzzle: &Puzzle, text: &str) -> Result<Config, ConfigTextError> {
    discs_largest_first(puzzle)?;
    let positions = parse_positions(text, puzzle.discs.len(), puzzle.pins)?;
    config_from_positions(puzzle, &positions, text)
}

/// The pin of each disc of `config`, largest first, when a pin per disc determines the
/// puzzle's configurations and `config` stacks each pin largest at the bottom.
pub fn positions_of(puzzle: &Puzzle, config: &Config) -> Option<Vec<u32>> {
    let order = discs_largest_first(puzzle).ok()?;
    let mut pin_of = vec![u32::MAX; puzzle.discs.len()];
    for (p, stack) in config.pins.iter().enumerate() {
        let sorted = stack
            .windows(2)
            .all(|w| puzzle.discs[w[0] as usize].size > puzzle.discs[w[1] as usize].size);
        if !sorted {
            return None;
        }
        for &d in stack {
            *pin_of.get_mut(d as usize)? = p as u32;
        }
    }
    let positions: Vec<u32> = order.iter().map(|&d| pin_of[d as usize]).collect();
    (!positions.contains(&u32::MAX)).then_some(positions)
}

/// A configuration with its puzzle's pin count, shown as text (`0120`).
pub struct ConfigDisplay<'a>(pub &'a Puzzle, pub &'a Config);

impl fmt::Display for ConfigDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match positions_of(self.0, self.1) {
            Some(p) => f.write_str(&format_positions(&p, self.0.pins)),
            None => write!(f, "{:?}", self.1.pins),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::bench::classic_puzzle;
    use crate::variants::{Params, Variant};

    #[test]
    fn classic_texts_round_trip() {
        let p = classic_puzzle(4);
        for text in ["0000", "0120", "2201", "1111", "2102"] {
            let c = parse_config(&p, text).unwrap();
            assert_eq!(ConfigDisplay(&p, &c).to_string(), text);
        }
        assert_eq!(parse_config(&p, "tower:0").unwrap(), p.start);
        assert_eq!(
            parse_config(&p, "0,1,2,0").unwrap(),
            parse_config(&p, "0120").unwrap()
        );
    }

    #[test]
    fn bad_texts_name_what_breaks_them() {
        let p = classic_puzzle(4);
        let e = parse_config(&p, "012").unwrap_err();
        assert!(
            matches!(
                e,
                ConfigTextError::Length {
                    given: 3,
                    discs: 4,
                    ..
                }
            ),
            "{e}"
        );
        let e = parse_config(&p, "0130").unwrap_err();
        assert!(
            matches!(
                e,
                ConfigTextError::PinOutOfRange {
                    position: 3,
                    size: 2,
                    pin: 3,
                    ..
                }
            ),
            "{e}"
        );
        let e = parse_config(&p, "01x0").unwrap_err();
        assert!(e.to_string().contains("position 3"), "{e}");
        assert!(parse_config(&p, "tower:3").is_err());
        assert!(parse_config(&p, "tower:").is_err());
    }

    #[test]
    fn many_pins_need_commas() {
        let v = Variant::builtin("many-pin").unwrap();
        let params: Params = [("p".to_string(), 12)].into_iter().collect();
        let f = v.default_function().name.clone();
        let p = v.puzzle(&f, 3, &params).unwrap();
        assert_eq!(p.pins, 12);
        assert!(parse_config(&p, "0111").is_err());
        let c = parse_config(&p, "0,11,3").unwrap();
        assert_eq!(ConfigDisplay(&p, &c).to_string(), "0,11,3");
        assert!(matches!(
            parse_config(&p, "0,12,3").unwrap_err(),
            ConfigTextError::PinOutOfRange { pin: 12, .. }
        ));
    }

    #[test]
    fn equal_discs_and_recolouring_are_refused() {
        for id in ["antwerp", "domino"] {
            let v = Variant::builtin(id).unwrap();
            let f = v.default_function().name.clone();
            let p = v.puzzle(&f, 2, &Params::new()).unwrap();
            let e = parse_config(&p, "tower:0").unwrap_err();
            assert!(matches!(e, ConfigTextError::Unsupported(_)), "{id}: {e}");
        }
    }

    #[test]
    fn starts_and_goals_of_the_builtins_are_configurations_where_supported() {
        // Every built-in start and goal that a pin per disc describes passes the rule checks
        // (the checks refuse nothing a variant starts from).
        for id in crate::variants::builtin_ids() {
            let v = Variant::builtin(id).unwrap();
            for f in v.functions() {
                let Ok(p) = v.puzzle(&f.name, 3.max(f.n_min), &Params::new()) else {
                    continue;
                };
                if discs_largest_first(&p).is_err() {
                    continue;
                }
                for c in [&p.start, &p.goal] {
                    let Some(pos) = positions_of(&p, c) else {
                        continue;
                    };
                    if c.colours != p.start.colours {
                        continue;
                    }
                    let back = config_from_positions(&p, &pos, "x")
                        .unwrap_or_else(|e| panic!("{id}.{}: {e}", f.name));
                    assert_eq!(&back, c, "{id}.{}", f.name);
                }
            }
        }
    }

    #[test]
    fn colour_rules_are_checked() {
        let v = Variant::builtin("rainbow").unwrap();
        let f = v.default_function().name.clone();
        // four discs coloured 0, 1, 2, 0 from the largest: the smallest may not rest on the
        // largest, and the message names it
        let p = v.puzzle(&f, 4, &Params::new()).unwrap();
        let mut refused = 0;
        for code in 0..81u32 {
            let pos = [code / 27, code / 9 % 3, code / 3 % 3, code % 3];
            if let Err(e) = config_from_positions(&p, &pos, "x") {
                assert!(e.to_string().contains("position"), "{e}");
                refused += 1;
            }
        }
        assert!(refused > 0 && refused < 81, "{refused}");
        let e = config_from_positions(&p, &[0, 1, 2, 0], "0120").unwrap_err();
        assert!(
            matches!(e, ConfigTextError::Rule { position: 4, .. }),
            "{e}"
        );
    }
}
