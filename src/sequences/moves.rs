//! Move generators (in progress).
