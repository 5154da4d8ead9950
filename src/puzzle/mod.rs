//! Towers, discs, pins, colours, rules and moves; the checked simulator.

pub mod bench;
pub mod config_text;
pub mod model;
mod sim;

pub use model::{ColourRule, Config, Disc, Move, MoveGraph, Puzzle, Recolour, Rules, SizeRule};
pub use sim::{
    play_all, render_config, simulate, simulate_with, DiscInfo, RuleBroken, SimulateOptions,
    SimulationError, SimulationReport, Tower,
};

#[cfg(test)]
mod tests {
    use super::bench::*;
    use super::*;

    #[test]
    fn binary_rule_solves_classic() {
        for n in 1..12 {
            let r = simulate(&classic_puzzle(n), classic_binary_moves(n)).unwrap();
            assert_eq!(r.moves, (1u64 << n) - 1);
        }
    }

    #[test]
    fn illegal_move_is_reported_precisely() {
        let p = classic_puzzle(3);
        let e = simulate(&p, [Move::new(0, 1), Move::new(0, 1)]).unwrap_err();
        match e {
            SimulationError::IllegalMove {
                move_number,
                disc,
                from,
                to,
                rule,
                ..
            } => {
                assert_eq!((move_number, from, to, rule), (2, 0, 1, RuleBroken::Size));
                assert_eq!(disc.unwrap().size, 2);
            }
            e => panic!("{e}"),
        }
        let e = simulate(&p, [Move::new(0, 1)]).unwrap_err();
        assert!(
            matches!(e, SimulationError::GoalNotReached { moves: 1, .. }),
            "{e}"
        );
        let e = simulate(&p, [Move::new(1, 2)]).unwrap_err();
        assert!(matches!(
            e,
            SimulationError::IllegalMove {
                rule: RuleBroken::EmptyPin,
                ..
            }
        ));
    }

    #[test]
    fn general_and_fast_paths_agree() {
        let p = classic_puzzle(4);
        let mut seen = 0;
        let mut obs = |_: u64, _: Move, _: &Tower| seen += 1;
        let opts = SimulateOptions {
            observer: Some(&mut obs),
            ..Default::default()
        };
        let r = simulate_with(&p, classic_binary_moves(4), opts).unwrap();
        assert_eq!(r.moves, 15);
        assert_eq!(seen, 15);
    }
}
