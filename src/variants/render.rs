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
            self.title, self.id, self.summary, self.source
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
        out.push_str(&format!(
            "- pins: {}\n- moves: {}\n- size: {:?}\n- colour: {:?} (checked {} recolouring)\n- recolour: {:?}\n- colouring: {}\n",
            rules.arcs.len(),
            arcs.join(" "),
            rules.size_rule,
            rules.colour_rule,
            if rules.check_after_recolour { "after" } else { "before" },
            rules.recolour,
            self.rules.colouring.name()
        ));
        if let Some(a) = &rules.access {
            let masks: Vec<String> = a.iter().map(|m| format!("{m:b}")).collect();
            out.push_str(&format!(
                "- pin access per stack (bit masks): {}\n",
                masks.join(", ")
            ));
        }
        out.push_str(
            "\n## Functions\n\n| function | call | summary | source |\n|---|---|---|---|\n",
        );
        for f in &self.functions {
            out.push_str(&format!(
                "| {}.{} | `{}` | {} | {} |\n",
                self.id, f.name, f.call, f.summary, f.source
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
            None => out.push_str("\n## Counts\n\nNo transfer matrix (some call is not on n-k discs for a small k, n or a fixed size, or the clauses are not periodic in n); counts are memoised per (procedure, size).\n"),
        }
        Ok(out)
    }
}
