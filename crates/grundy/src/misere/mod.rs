//! Misère play of heap games beyond exhaustive search (layer 3, below `sum/`).
pub mod quotient;
