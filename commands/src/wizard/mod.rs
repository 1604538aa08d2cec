//! The game-creation wizard (work in progress).
