//! The integration tests, one binary with a module per topic (one link step instead of one
//! per file). Each module is named after what it guards; `common` holds the helpers that run
//! the real binary.

mod common;

mod alternative_algorithms;
mod checkers;
mod checkers_reference;
mod classic_throughput;
mod cli_contract;
mod cli_formats;
#[cfg(feature = "distributed")]
mod distributed;
mod domino;
mod every_variant;
#[cfg(feature = "plots")]
mod figures;
mod four_peg_files;
mod frame_stewart_measurements;
mod frame_stewart_moves;
mod frame_stewart_sequences;
mod graph;
mod growth_cli;
mod guess;
mod hanoivar;
mod hostile_input;
mod html_pages;
mod literature_cli;
mod lunnon_matrices;
mod matrix_files;
mod move_stream;
mod notebooks;
mod one_source_of_facts;
mod phases;
#[cfg(feature = "plots")]
mod plot_cli;
mod program_errors;
mod rainbow;
#[cfg(all(feature = "tables", feature = "plots"))]
mod report;
mod report_only;
mod report_paths;
mod reversi;
mod reversi_checkers_files;
mod reversi_reference;
mod rules_only_files;
mod search_cli;
mod show_cli;
mod star;
mod table_files;
mod targets;
mod transfer_multistep;
