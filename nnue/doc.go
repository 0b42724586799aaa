// Package nnue is the engine's learned evaluation: an efficiently
// updatable neural network (NNUE, after Stockfish's), trained from the
// engine's own games by package train. It is the same for every grid: the
// net, its file, the built-in nets, the input numbering (by coordinates)
// and the kernels; each grid's package eval feeds it that grid's
// positions and keeps the search's accumulators.
//
// The net is (640 → H)×2 → 1, with B output buckets:
//
//   - Inputs (features.go): each piece by colour, kind and square, seen
//     from one side, 2·2·160 = 640. Each side's view puts its own pieces
//     first and turns the board so that its own castle is at rank 1.
//   - One feature transformer, shared by both views, turns a view's
//     pieces into H sums (its accumulator): a bias plus the weight rows of
//     the pieces present. A move changes a few pieces, so a child's
//     accumulators are its parent's minus the moved piece's origin row,
//     plus its destination row, minus each captured piece's row
//     (eval's netstack.go, per grid); only the root is summed from
//     scratch.
//   - The side to move's accumulator and the other side's, each clipped
//     to [0, 1] (CReLU), feed one output: a weighted sum in logits of the
//     expected result, turned into centi-men by the net's scale.
//   - The output has B sets of weights and bias (1 to 16, the buckets);
//     a position is scored by the set of its piece count, four counts a
//     bucket (BucketOf: min((pieces−1)/4, B−1)), so that an ending need
//     not share its weights with the opening. The transformer is shared,
//     so a move's update is the same whatever the bucket. A net of one
//     bucket is written as architecture 1, the file of a net without
//     buckets (file.go).
//
// Symmetry is exact by construction. A colour flip gives the same two
// views, so the same score. A left-right mirror (R1) is built into the
// weights: hidden unit j has a twin σ(j) = j^1 whose weight row for each
// feature is the mirrored feature's row of j, with the same bias and
// output weights (in every bucket); mirroring a position only swaps
// twins, and the sum over them is unchanged, to the last bit. Load
// refuses a net whose weights break the tie.
//
// Weights are int16 (QA = 255 for the transformer, QB = 1024 for the
// output), so the sums are integer and alike on every platform. The hot
// kernels have AVX2 assembly on amd64, chosen at run time, and a pure-Go
// twin everywhere else (and with -tags purego).
package nnue
