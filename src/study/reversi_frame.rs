//! Reversi's Frame-type algorithms `DDDF`, `DDDE`, `EDDD`: their exact counts and the
//! transfer systems read off their plans, one per class of n.

use super::StudyError;
use crate::algebra::{AnalysisReport, MatrixAnalysis};
use crate::variants::reversi::{FrameSystem, FrameType, ReversiFrame};
use crate::variants::{Params, Variant};
use num_bigint::BigInt;

/// The largest n of the Frame-type tables and of the systems' checks.
pub const FRAME_TO: usize = 49;

/// One class of n with its transfer system, checked against the exact Frame-type minimum.
#[derive(Clone, Debug)]
pub struct FrameClass {
    /// The class in words ("odd n", "n = 0 (mod 4)", ...).
    pub label: &'static str,
    /// The size the plans were read at.
    pub read_at: usize,
    /// Discs per step of the system.
    pub step: usize,
    /// The system.
    pub system: FrameSystem,
    /// The n of this class where `s(n + step) = M s(n)` fails (the plans differ there).
    pub mismatches: Vec<usize>,
    /// The first n from which the system holds.
    pub first: usize,
    /// The last n of this class up to [`FRAME_TO`].
    pub last: usize,
    /// The algebra of the system started at `first` (20 digits).
    pub analysis: AnalysisReport,
}

/// Lunnon's Frame-type Reversi problems ("the matrix involved has order 27", not printed):
/// counts for n = 1..[`FRAME_TO`] and the transfer systems of the three classes of n.
#[derive(Clone, Debug)]
pub struct ReversiFrameStudy {
    /// Per n = 1..[`FRAME_TO`]: the counts of [`FrameType::TOPS`] in order (`None`: no
    /// Frame-type solution), then Reversi_H and Reversi_G.
    pub rows: Vec<(usize, Vec<Option<BigInt>>, [BigInt; 2])>,
    /// The classes odd n, n = 0 (mod 4), n = 2 (mod 4).
    pub classes: Vec<FrameClass>,
}

impl ReversiFrameStudy {
    /// Computes the counts and the three systems.
    pub fn compute() -> Result<ReversiFrameStudy, StudyError> {
        let mut frame = ReversiFrame::new();
        let reversi = Variant::builtin("reversi").map_err(StudyError::from_display)?;
        let mut rows = Vec::with_capacity(FRAME_TO);
        for n in 1..=FRAME_TO {
            let tops = FrameType::TOPS
                .iter()
                .map(|(_, ty)| frame.type_count(*ty, n))
                .collect();
            let count = |f: &str| {
                reversi
                    .count(f, n as i64, &Params::new())
                    .map_err(StudyError::from_display)
            };
            rows.push((n, tops, [count("H")?, count("G")?]));
        }
        let mut classes = Vec::new();
        for (label, read_at, period) in [
            ("odd n", 31usize, 1usize),
            ("n = 0 (mod 4)", 32, 2),
            ("n = 2 (mod 4)", 30, 2),
        ] {
            let system = frame
                .transfer_system(read_at, period)
                .map_err(StudyError::from_display)?;
            let step = 2 * period;
            let mismatches = system.mismatches(&mut frame, 0, FRAME_TO - step);
            // The first n >= 1 of the class, or the first after the last mismatch.
            let first_of_class = if system.residue == 0 {
                step
            } else {
                system.residue
            };
            let first = mismatches.iter().max().map_or(first_of_class, |m| m + step);
            let last = FRAME_TO - (FRAME_TO + step - system.residue) % step;
            let init = system
                .state(&mut frame, first)
                .ok_or_else(|| StudyError(format!("no Frame-type count at n = {first}")))?;
            let analysis = MatrixAnalysis::from_first_n(
                system.matrix.clone(),
                init,
                1,
                Some(system.names.clone()),
                20,
                None,
            )
            .map_err(StudyError::from_display)?
            .to_report();
            classes.push(FrameClass {
                label,
                read_at,
                step,
                system,
                mismatches,
                first,
                last,
                analysis,
            });
        }
        Ok(ReversiFrameStudy { rows, classes })
    }

    /// The count of the first top type (`DDDF`) at `n`, if computed.
    pub fn top_count(&self, n: usize) -> Option<&BigInt> {
        self.rows
            .iter()
            .find(|(m, _, _)| *m == n)
            .and_then(|(_, tops, _)| tops.first()?.as_ref())
    }
}
