//! A variant as Markdown (`hanoilab show`).

use super::*;

impl Variant {
    /// A Markdown description: title, source, rules, functions, program and (for the given
    /// parameters) the transfer system. Deterministic.
    pub fn to_markdown(&self, params: &Params) -> Result<String, VariantError> {
        let rules = self.rules(params)?;
        let all = self.resolve_params(params)?;
        let mut out = format!(
            "# {} (`{}`)\n\n{}\n\nSource: {}\n\n",
            self.title,
            self.id,
            self.summary,
            crate::literature::cite_documents(&self.source)
        );
        if !all.is_empty() {
            let ps: Vec<String> = all.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            out.push_str(&format!("Parameters: {}\n\n", ps.join(", ")));
        }
        let arcs: Vec<String> = rules
            .arcs
            .iter()
            .enumerate()
            .flat_map(|(i, r)| {
                r.iter()
                    .enumerate()
                    .filter(|(_, &a)| a)
                    .map(move |(j, _)| format!("{i}->{j}"))
            })
            .collect();
        out.push_str("## Rules\n\n");
        let size = match rules.size_rule {
            SizeRule::Strict => "a disc may only be placed on a larger disc",
            SizeRule::AllowEqual => "a disc may be placed on a larger or an equally large disc",
        };
        let when = if rules.check_after_recolour {
            "the colour it lands with"
        } else {
            "the colour it had before the move"
        };
        let colour = match rules.colour_rule {
            ColourRule::Any => "none".to_string(),
            ColourRule::NotSame => {
                format!("a disc may not be placed on a disc or base of its own colour ({when})")
            }
            ColourRule::MustMatch => {
                format!("a disc may only be placed on a disc or base of its own colour ({when})")
            }
        };
        let recolour = match rules.recolour {
            Recolour::Fixed => "none (colours are fixed)".to_string(),
            Recolour::Cycle(2) => "every disc flips colour (A <-> B) as it moves".to_string(),
            Recolour::Cycle(k) => {
                format!(
                    "every move advances the disc's colour by one, cyclically through {k} colours"
                )
            }
        };
        out.push_str(&format!(
            "- pins: {}\n- moves allowed: {}\n- sizes: {size}\n- colour condition: {colour}\n- colour change: {recolour}\n- initial colouring: {}\n",
            rules.arcs.len(),
            arcs.join(" "),
            self.rules.colouring.describe()
        ));
        if let Some(a) = &rules.access {
            let masks: Vec<String> = a.iter().map(|m| format!("{m:b}")).collect();
            out.push_str(&format!(
                "- pin access per stack (bit masks): {}\n",
                masks.join(", ")
            ));
        }
        out.push_str("\n## Functions\n\n");
        for f in &self.functions {
            let role = match f.role {
                FunctionRole::Shortest => "",
                FunctionRole::Alternative => " (a deliberate alternative)",
                FunctionRole::Longest => " (a longest-path problem)",
            };
            out.push_str(&format!(
                "- **{}.{}** `{}`{role} — {}.\n  Source: {}.\n",
                self.id,
                f.name,
                f.call,
                f.summary.trim_end_matches('.'),
                crate::literature::cite_documents(f.source.trim_end_matches('.'))
            ));
        }
        out.push_str(&format!(
            "\n## Program\n\n```text\n{}\n```\n",
            self.program_text.trim()
        ));
        if !self.count_as.is_empty() {
            let c: Vec<String> = self
                .count_as
                .iter()
                .map(|(a, b)| format!("{a} = {b}"))
                .collect();
            out.push_str(&format!("\ncount_as: {}\n", c.join(", ")));
        }
        match self.transfer_system(params)? {
            Some(sys) => out.push_str(&format!("\n## Transfer system\n\n{}", sys.to_markdown())),
            None => out.push_str("\n## Transfer system\n\nNo transfer matrix (some call is not on n-k discs for a small k, n or a fixed size, or the clauses are not periodic in n); counts are memoised per (procedure, size).\n"),
        }
        Ok(out)
    }
}
