//! Alternative (non-recursive) algorithms, checked against the recursive programs.
