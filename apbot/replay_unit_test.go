package apbot

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

func TestVariantOfUnit(t *testing.T) {
	ap := func(v game.Variant) game.Variant { return v.WithRules(game.AbstractPlay) }
	for _, c := range []struct {
		codes []string
		want  game.Variant
	}{
		{nil, ap(game.Camelot)}, {[]string{}, ap(game.Camelot)},
		{[]string{"cam"}, ap(game.Cam)}, {[]string{"camette"}, ap(game.Camette)},
		{[]string{"chivalry"}, ap(game.Chivalry)}, {[]string{"river"}, ap(game.River)},
		{[]string{"anti"}, ap(game.AntiCamelot)}, {[]string{"anti", "cam"}, ap(game.AntiCam)},
		{[]string{"camette", "anti"}, ap(game.AntiCamette)}, {[]string{"chivalry", "anti"}, ap(game.AntiChivalry)},
		{[]string{"anti", "river"}, ap(game.AntiRiver)},
	} {
		got, err := variantOf(c.codes)
		if err != nil || got != c.want {
			t.Errorf("variantOf(%q) = %v, %v; want %v", c.codes, got, err, c.want)
		}
	}
	for _, codes := range [][]string{{"cam", "river"}, {"chess"}, {"Cam"}, {""}, {"anti", "mini"}} {
		if v, err := variantOf(codes); err == nil {
			t.Errorf("variantOf(%q) = %v, want an error", codes, v)
		}
	}
}

func TestReplayUnit(t *testing.T) {
	camelot := game.Camelot.WithRules(game.AbstractPlay)
	g, err := replay(camelot, [][]string{{"e7-f8", "d11-d9"}, {"c6^e8^g8"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves()) != 3 || g.Position().Side() != game.Black {
		t.Errorf("after three plies: %d moves, %v to move", len(g.Moves()), g.Position().Side())
	}
	river := game.River.WithRules(game.AbstractPlay)
	if g, err := replay(river, [][]string{{"c2,d2,i2"}}); err != nil || !g.Position().InTreePhase() {
		t.Errorf("River after White's trees: %v", err)
	}
	for _, c := range []struct {
		v      game.Variant
		rounds [][]string
		want   string
	}{
		{camelot, [][]string{{"e7-f8", "d11-d9"}, {"zz9-f8"}}, "round 2, seat 1: move \"zz9-f8\" is not legal"},
		{camelot, [][]string{{"e7-f8", "e7-f8"}}, "round 1, seat 2:"},
		{camelot, [][]string{{"e7-f8"}, {"d11-d9"}}, "round 1, seat 2: the move is missing"},
		{camelot, [][]string{{"e7-f8", "d11-d9", "f8-f9"}}, "round 1, seat 3"},
		{camelot, [][]string{{""}}, "round 1, seat 1"},
		{camelot, [][]string{{"draw"}}, "round 1, seat 1: move \"draw\" is not legal"},
		{river, [][]string{{"e7-f8"}}, "round 1, seat 1"},
	} {
		_, err := replay(c.v, c.rounds)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("replay(%q): %v, want %q", c.rounds, err, c.want)
		}
	}
}
