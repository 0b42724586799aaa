package gui

import rules "github.com/camelot-engine/camelot/game"

// River Camelot's river, bridges and tree phase (V9, V10) as the page
// sees them: package game says which squares they are; these only turn
// them into the names the page reads.

// treeChoicesOf lists, in reading order, the squares where p's side to
// move may place a tree (V10); none outside the tree phase.
func treeChoicesOf(p rules.Position) []string { return names(p.TreeChoices()) }

// placedTrees lists the squares of placement m's trees in reading order.
func placedTrees(m rules.Move) []string { return names(sorted(m.Captured.Squares())) }

// bridgesOf lists v's bridges (V9) in reading order: D7 D8 I9 I10 on
// River's board; other boards have none.
func bridgesOf(v rules.Variant) []string { return names(sorted(v.Bridges())) }
