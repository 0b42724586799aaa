// Package movegen is the rules core of one grid: squares and bitboards
// (grid.go, the one file that knows the grid's size), positions and CFEN
// (R5), Zobrist keys, move generation (R6–R13), notation (R3), perft (R17)
// and the results a position shows (R14–R16).
//
// It is per grid, in the hot core: this source plays the 12-file grid
// (Camelot, Cam, Camette), and internal/widegen copies it to
// internal/wide/movegen for the 14-file grid (Chivalry). Everything above
// the core sees it through package game (state.go).
package movegen
