//! What a variant computes: move streams, counts (memoised or by the transfer system), the
//! algebra of its transfer matrix, and checked simulations.

use super::*;

impl Variant {
    /// The move stream of `function` at `n` (with memoised replay of repeated sub-calls,
    /// see [`MoveStream`]).
    pub fn moves(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<MoveStream, VariantError> {
        self.moves_impl(function, n, params, true)
    }

    /// The same moves from the plain interpreter ([`MoveStream::new_uncached`]): the
    /// reference the fast stream is tested against.
    pub fn moves_uncached(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<MoveStream, VariantError> {
        self.moves_impl(function, n, params, false)
    }

    pub(super) fn moves_impl(
        &self,
        function: &str,
        n: i64,
        params: &Params,
        replay: bool,
    ) -> Result<MoveStream, VariantError> {
        let f = self.function(function)?;
        let all = self.resolve_params(params)?;
        self.check_function(f, n, &all)?;
        let pins = all.iter().find(|(k, _)| k == "pins").map_or(0, |(_, v)| *v) as usize;
        let globals = self.globals(&all)?;
        let new = if replay {
            MoveStream::new
        } else {
            MoveStream::new_uncached
        };
        Ok(new(
            Arc::clone(&self.program),
            self.call_of(f)?,
            n,
            globals,
            pins,
        ))
    }

    /// The algebra of the derived transfer system for these parameters: characteristic
    /// polynomial and its factorisation, each component's minimal recurrence, closed form and
    /// dominant term with `digits` certified digits (`None` when there is no matrix).
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let a = Variant::builtin("cyclic").unwrap().analysis(&Params::new(), 10).unwrap().unwrap();
    /// assert_eq!(a.charpoly_factorization.to_string_in("E"), "(E - 1)(E^2 - 2E - 2)");
    /// ```
    pub fn analysis(
        &self,
        params: &Params,
        digits: usize,
    ) -> Result<Option<crate::algebra::MatrixAnalysis>, VariantError> {
        let Some(sys) = self.transfer_system(params)? else {
            return Ok(None);
        };
        let err = |e: crate::algebra::AlgebraError| VariantError::Algebra {
            variant: self.id.clone(),
            message: e.to_string(),
        };
        let m = sys.to_matrix().map_err(err)?;
        crate::algebra::MatrixAnalysis::from_first_n(
            m,
            sys.initial.clone(),
            sys.first_n as u64,
            Some(sys.names.clone()),
            digits,
            None,
        )
        .map(Some)
        .map_err(err)
    }

    /// The transfer system of the program for these parameters, with `count_as` merged
    /// (`None` when some call is not on `n-k` discs for a small k, `n` or a fixed size, or the clauses are not periodic in n, for every function's procedures; see
    /// [`program::transfer_system_of`]).
    pub fn transfer_system(&self, params: &Params) -> Result<Option<TransferSystem>, VariantError> {
        let all = self.resolve_params(params)?;
        // A file of rules only has no program to derive a system from.
        if self.functions().iter().all(|f| !f.has_program()) {
            return Ok(None);
        }
        let globals = self.globals(&all)?;
        // The procedures the functions call: a function whose procedures derive gets its
        // system even where another function's (a split up to a square root) does not.
        let roots: Vec<usize> = self
            .functions()
            .iter()
            .filter_map(|f| {
                let name = f.call.split('(').next().unwrap_or("").trim();
                self.program.procedure(name)
            })
            .collect();
        program::transfer_system_of(&self.program, &globals, &self.count_as, &roots).map_err(|e| {
            VariantError::Program {
                origin: self.origin.clone(),
                line: 0,
                col: 0,
                context: "count extraction".into(),
                source: e,
            }
        })
    }

    /// The transfer system and the index of `function`'s component in it, when the
    /// function's call is a procedure on exactly `n` discs: then the function's count at
    /// `n >= sys.first_n` is component `i` of `s(n)`. `None` when there is no transfer
    /// system or the call is on another size.
    pub fn function_component(
        &self,
        function: &str,
        params: &Params,
    ) -> Result<Option<(TransferSystem, usize)>, VariantError> {
        let f = self.function(function)?;
        let Some(Step::Call {
            proc,
            size: Expr::Slot(0),
            ..
        }) = &f.call_step
        else {
            return Ok(None);
        };
        let Some(sys) = self.transfer_system(params)? else {
            return Ok(None);
        };
        let name = &self.program.procedures[*proc].name;
        let name = self.count_as.get(name).unwrap_or(name);
        Ok(sys.index(name).map(|i| (sys, i)))
    }

    /// The size the function's top-level call is made on at `n` and the procedure's
    /// component in the transfer system (if there is one), from sizes alone.
    pub(super) fn call_plan(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<(i64, Option<(TransferSystem, usize)>), VariantError> {
        let f = self.function(function)?;
        let all = self.resolve_params(params)?;
        self.check_function(f, n, &all)?;
        let globals = self.globals(&all)?;
        let Step::Call { proc, size, .. } = self.call_of(f)? else {
            return Ok((0, None));
        };
        let m = size
            .eval(&[n], &globals)
            .map_err(|f| self.run_error(function, n, f.error("call", n)))?;
        if m <= 256 {
            return Ok((m, None));
        }
        let Some(sys) = self.transfer_system(params)? else {
            return Ok((m, None));
        };
        let name = &self.program.procedures[*proc].name;
        let name = self.count_as.get(name).unwrap_or(name);
        Ok((m, sys.index(name).map(|i| (sys, i))))
    }

    /// The size of the function's top-level call at `n` (checked as in `call_plan`), and
    /// the called procedure.
    fn call_plan_sizes(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<(i64, Option<usize>), VariantError> {
        let f = self.function(function)?;
        let all = self.resolve_params(params)?;
        self.check_function(f, n, &all)?;
        let globals = self.globals(&all)?;
        let Step::Call { proc, size, .. } = self.call_of(f)? else {
            return Ok((0, None));
        };
        let m = size
            .eval(&[n], &globals)
            .map_err(|fault| VariantError::Run {
                variant: self.id.clone(),
                function: function.into(),
                n,
                source: fault.error("call", n),
            })?;
        Ok((m, Some(*proc)))
    }

    /// The transfer system and the component of the procedure `function` calls (`None`:
    /// no system, or the procedure is not a component).
    fn function_system(
        &self,
        function: &str,
        params: &Params,
    ) -> Result<Option<(TransferSystem, usize)>, VariantError> {
        let f = self.function(function)?;
        let Some(Step::Call { proc, .. }) = &f.call_step else {
            return Ok(None);
        };
        let Some(sys) = self.transfer_system(params)? else {
            return Ok(None);
        };
        let name = &self.program.procedures[*proc].name;
        let name = self.count_as.get(name).unwrap_or(name);
        Ok(sys.index(name).map(|i| (sys, i)))
    }

    /// What [`Variant::count`] of `function` at `n` costs, known from sizes alone before
    /// any big-integer work: the size of the answer (from the transfer system, in floating
    /// point), or the size of the memoised recursion.
    pub fn count_cost(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<CountCost, VariantError> {
        let (m, sys) = self.call_plan(function, n, params)?;
        Ok(match sys {
            Some((sys, i)) => CountCost::Matrix {
                log10: sys.log10_estimate(m as u64, i).unwrap_or(0.0),
            },
            None => CountCost::Memo { size: m },
        })
    }

    /// The exact number of moves of `function` at `n`: by memoised counting when the
    /// top-level call is on at most 256 discs, else by the component's minimal recurrence
    /// ([`TransferSystem::component_nth`]) when the called procedure is a component of the
    /// system (else memoised, up to
    /// [`MEMO_MAX_SIZE`] discs).
    pub fn count(&self, function: &str, n: i64, params: &Params) -> Result<BigInt, VariantError> {
        let (m, sys) = self.call_plan(function, n, params)?;
        if let Some((sys, i)) = sys {
            if let Some(v) = sys.component_nth(i, m as u64) {
                return Ok(v);
            }
        }
        if m > MEMO_MAX_SIZE {
            return Err(VariantError::BadParameter {
                variant: self.id.clone(),
                message: format!(
                    "function {function} at n = {n}: a call on {m} discs with no transfer system \
                     would be counted by memoised recursion, about {m} table entries (at most \
                     {MEMO_MAX_SIZE})"
                ),
            });
        }
        let f = self.function(function)?;
        let globals = self.globals(&self.resolve_params(params)?)?;
        program::count_call(&self.program, self.call_of(f)?, n, &globals)
            .map_err(|e| self.run_error(function, n, e))
    }

    /// The function's top-level call; a function without a program has none to count,
    /// simulate or analyse ([`VariantError::NoProgram`]).
    fn call_of<'a>(&self, f: &'a Function) -> Result<&'a Step, VariantError> {
        f.call_step.as_ref().ok_or_else(|| VariantError::NoProgram {
            variant: self.id.clone(),
            function: f.name.clone(),
        })
    }

    /// The error of a run of `function` at `n`: a division by zero is placed at its line
    /// and column in the file (in the program text or the function's call), other errors
    /// are [`VariantError::Run`].
    pub(super) fn run_error(&self, function: &str, n: i64, e: ProgramError) -> VariantError {
        if let ProgramError::DivisionByZero {
            name, line, col, ..
        } = &e
        {
            let at = if name == "call" {
                self.function(function)
                    .ok()
                    .map(|f| (f.call_at.0 + line - 1, f.call_at.1 + col - 1))
            } else {
                Some(self.place_in_file(*line, *col))
            };
            if let Some((line, col)) = at {
                return VariantError::Program {
                    origin: self.origin.clone(),
                    line,
                    col,
                    context: format!("function `{function}`, n = {n}"),
                    source: e,
                };
            }
        }
        VariantError::Run {
            variant: self.id.clone(),
            function: function.into(),
            n,
            source: e,
        }
    }

    /// The line and column in the file of a line and column of the program text.
    pub(super) fn place_in_file(&self, line: usize, col: usize) -> (usize, usize) {
        let (line_shift, col_shift) = self.program_shift;
        (
            line + line_shift,
            if line == 1 { col + col_shift } else { col },
        )
    }

    /// The exact number of moves of procedure `name` of the program at `n` (its integer
    /// parameters 0), by memoised counting: the terms of a transfer-system component that is
    /// no function's call.
    pub fn procedure_count(
        &self,
        name: &str,
        n: i64,
        params: &Params,
    ) -> Result<BigInt, VariantError> {
        let globals = self.globals(&self.resolve_params(params)?)?;
        let run = |e| VariantError::Run {
            variant: self.id.clone(),
            function: name.into(),
            n,
            source: e,
        };
        let p = self
            .program
            .procedure(name)
            .ok_or_else(|| VariantError::BadParameter {
                variant: self.id.clone(),
                message: format!("no procedure `{name}` in the program"),
            })?;
        let ints = vec![0; self.program.procedures[p].int_arity];
        program::Counter::new(&self.program, globals)
            .count(p, n, &ints)
            .map_err(run)
    }

    /// [`Variant::count`] at every n of `ns`, sharing the work: counts by memoised
    /// recursion keep one memo table for all of them (a table of n = 0..N costs about what
    /// the count at N costs, not N times it). Each n has its own result.
    pub fn count_range(
        &self,
        function: &str,
        ns: impl IntoIterator<Item = i64>,
        params: &Params,
    ) -> Vec<Result<BigInt, VariantError>> {
        let globals = self
            .resolve_params(params)
            .and_then(|all| self.globals(&all));
        let f = self.function(function);
        let (globals, f) = match (globals, f) {
            (Ok(g), Ok(f)) => (g, f),
            (Err(e), _) | (_, Err(e)) => return ns.into_iter().map(|_| Err(e.clone())).collect(),
        };
        let mut counter = program::Counter::new(&self.program, globals.clone());
        // The transfer system is derived once, when a row first needs it.
        let mut system: Option<Option<(TransferSystem, usize)>> = None;
        // A memo table too large at n is too large at every larger n (the recursion only
        // grows with the size): later rows are refused with the same cause, not recounted
        // up to the limit one by one.
        let mut too_large: Option<(i64, program::ProgramError)> = None;
        ns.into_iter()
            .map(|n| {
                if let Some((at, e)) = &too_large {
                    if n >= *at {
                        return Err(VariantError::Run {
                            variant: self.id.clone(),
                            function: function.into(),
                            n,
                            source: e.clone(),
                        });
                    }
                }
                let (m, _) = self.call_plan_sizes(function, n, params)?;
                if m > 256 {
                    if system.is_none() {
                        system = Some(self.function_system(function, params)?);
                    }
                    if let Some(Some((sys, i))) = &system {
                        if let Some(v) = sys.component_nth(*i, m as u64) {
                            return Ok(v);
                        }
                    }
                }
                program::count_call_with(&mut counter, &self.program, self.call_of(f)?, n, &globals)
                    .map_err(|e| {
                        if matches!(
                            e,
                            program::ProgramError::TooLarge { .. }
                                | program::ProgramError::ForwardsTooLong { .. }
                        ) {
                            too_large = Some((n, e.clone()));
                        }
                        VariantError::Run {
                            variant: self.id.clone(),
                            function: function.into(),
                            n,
                            source: e,
                        }
                    })
            })
            .collect()
    }

    /// The refusal [`Variant::count`] of `function` at `n` would make from sizes alone
    /// because its memoised recursion is too large (more than [`MEMO_MAX_SIZE`] table
    /// entries, estimated by [`program::table_size_estimate`]); `None` when it fits, is
    /// counted by the transfer system, or fails for another reason (left to the count).
    pub fn memo_refusal(&self, function: &str, n: i64, params: &Params) -> Option<VariantError> {
        let (m, proc) = self.call_plan_sizes(function, n, params).ok()?;
        let proc = proc?;
        if m > 256 && self.function_system(function, params).ok()?.is_some() {
            return None;
        }
        let globals = self.globals(&self.resolve_params(params).ok()?).ok()?;
        let entries = program::table_size_estimate(&self.program, &globals, m);
        if entries.is_some_and(|e| e <= MEMO_MAX_SIZE as u64) {
            return None;
        }
        Some(VariantError::Run {
            variant: self.id.clone(),
            function: function.into(),
            n,
            source: ProgramError::TooLarge {
                name: self.program.procedures[proc].name.clone(),
                n: m,
                entries: match entries {
                    Some(e) => format!("about {e} table entries"),
                    None => "table entries without end (a procedure calls itself on sizes \
                             without end)"
                        .into(),
                },
                max: MEMO_MAX_SIZE as u64,
            },
        })
    }

    /// Simulates `function` at `n`: every move checked, the goal checked.
    pub fn simulate(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<SimulationReport, VariantError> {
        self.simulate_with(function, n, params, SimulateOptions::default())
    }

    /// [`Variant::simulate`] interpreting at most `max_steps` program steps
    /// ([`MoveStream::with_max_steps`]); also returns the steps taken, so that callers can
    /// share one budget of work over many simulations.
    pub fn simulate_within(
        &self,
        function: &str,
        n: i64,
        params: &Params,
        max_steps: u64,
    ) -> Result<(SimulationReport, u64), VariantError> {
        let puzzle = self.puzzle(function, n, params)?;
        let mut stream = self.moves(function, n, params)?.with_max_steps(max_steps);
        let r = if self.function(function)?.goal_up_to_equal_sizes {
            simulate_up_to_equal_sizes(&puzzle, &mut stream)
        } else {
            simulate_with(&puzzle, &mut stream, SimulateOptions::default())
        };
        if let Some(e) = stream.error() {
            return Err(self.run_error(function, n, e.clone()));
        }
        let r = r.map_err(|e| VariantError::Simulation {
            variant: self.id.clone(),
            function: function.into(),
            n,
            source: e,
        })?;
        Ok((r, stream.steps()))
    }

    /// [`Variant::simulate`] with options (progress callback, observer).
    pub fn simulate_with(
        &self,
        function: &str,
        n: i64,
        params: &Params,
        opts: SimulateOptions<'_>,
    ) -> Result<SimulationReport, VariantError> {
        let puzzle = self.puzzle(function, n, params)?;
        let mut stream = self.moves(function, n, params)?;
        let r = if self.function(function)?.goal_up_to_equal_sizes && opts.check_goal {
            simulate_up_to_equal_sizes(&puzzle, &mut stream)
        } else {
            simulate_with(&puzzle, &mut stream, opts)
        };
        if let Some(e) = stream.error() {
            return Err(self.run_error(function, n, e.clone()));
        }
        r.map_err(|e| VariantError::Simulation {
            variant: self.id.clone(),
            function: function.into(),
            n,
            source: e,
        })
    }
}

/// Plays every move, then compares with the goal by disc sizes only: equally sized discs
/// are interchangeable (which stack a disc came from, and its colour, are not compared).
pub(super) fn simulate_up_to_equal_sizes(
    puzzle: &Puzzle,
    moves: impl Iterator<Item = crate::puzzle::Move>,
) -> Result<SimulationReport, SimulationError> {
    let (count, tower) = crate::puzzle::play_all(puzzle, moves)?;
    let key = |pins: &[Vec<u32>]| -> Vec<Vec<u32>> {
        pins.iter()
            .map(|p| p.iter().map(|&d| puzzle.discs[d as usize].size).collect())
            .collect()
    };
    if key(&tower.pins) != key(&puzzle.goal.pins) {
        return Err(SimulationError::GoalNotReached {
            moves: count,
            config: crate::puzzle::render_config(puzzle, &tower.pins, &tower.colours),
            goal: crate::puzzle::render_config(puzzle, &puzzle.goal.pins, &puzzle.goal.colours),
        });
    }
    Ok(SimulationReport {
        moves: count,
        goal_reached: true,
    })
}
