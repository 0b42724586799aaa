package engine

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// A side without a legal move loses in Cam and Camette however few pieces
// the opponent has (V5); in Camelot, against a single piece, it is a draw
// (R15).
func TestNoMoveScore(t *testing.T) {
	// Cam: Black's Man in its own castle D13 must leave (R12) and cannot:
	// its neighbours are taken, its canters land on Black pieces, and the
	// jump over White's only piece lands on D11, taken too.
	cam, err := movegen.ParseCFENOf(movegen.Cam, "m/mMm/n1m1m/7/7/7/7/7/7/7/5/3/1 b")
	if err != nil {
		t.Fatal(err)
	}
	var ml movegen.MoveList
	if cam.GenerateMoves(&ml); ml.N != 0 || cam.Decided().IsOver() {
		t.Fatalf("%s: %d moves, decided %v", cam.CFEN(), ml.N, cam.Decided())
	}
	if got := noMoveScore(&cam, 3); got != -MateScore+3 {
		t.Errorf("Cam: %s scores %d, want a loss %d", cam.CFEN(), got, -MateScore+3)
	}
	// Camelot with one White piece left: the same plight is a draw.
	camelot, err := movegen.ParseCFEN("2/8/10/12/12/12/12/12/12/12/12/6m5/5mMm4/10/8/2 b")
	if err != nil {
		t.Fatal(err)
	}
	if got := noMoveScore(&camelot, 3); got != DrawScore {
		t.Errorf("Camelot: %s scores %d, want a draw", camelot.CFEN(), got)
	}
}
