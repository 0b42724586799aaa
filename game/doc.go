// Package game is the grid-neutral surface of the rules, written once for
// every board: the variant table (V1–V8 as data), colours and pieces,
// squares as coordinates, moves, Position (a grid's immutable state behind
// one value type) and Game (a position with its history: repetition and
// the end rules, R14–R16).
//
// It holds no rules of its own: each grid's package movegen implements
// State, and package boards picks the grid that holds a board.
package game
