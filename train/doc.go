// Package train trains the nets of the learned evaluation (package nnue)
// on self-play data from `camelot datagen`: `camelot train [options]
// FILE...`. It runs on the CPU, in Go, with AVX2 kernels on amd64.
//
// The data. Each datagen file is read line by line (datagen.ParseLine
// reads each position; a malformed line stops the run with
// "file:line: reason"), a game being the positions before its trailer
// line. Positions after the last trailer, a game still being written
// or cut off, are left out with a note, as datagen itself does when it
// resumes. A position is stored as its pieces' features in White's view
// (boards.NetFeatures), two bytes a piece; the other view is a fixed
// renumbering of the same features. With its score, result, side to
// move and the index lists, a position costs about 42 bytes (12 pieces
// on average in datagen's positions): ten million take 420 MB, the whole
// process about 0.7 GB.
// A share of the games (-validation, 5%) is held out whole, chosen by a
// hash of the file's settings line and the game's index, so that the
// split never changes and no game is on both sides.
//
// The model is nnue's net in float32: one feature transformer W (640 ×
// H) and bias b shared by both views, CReLU (clamp to [0, 1]), and an
// output y = v_us·a_us + v_them·a_them + c in logits of the side to
// move's expected result. With -buckets B (1 to 16, default 1) there are
// B sets of v_us, v_them and c, the output buckets, and a position uses
// set min((pieces−1)/4, B−1) of its pieces on the board
// (nnue.BucketOf); a view's rows are the bias and one row a piece, so a
// position's pieces are its rows less one. Only that set has a gradient
// from the position. Hidden unit j and its mirror twin j^1 are tied
// (nnue's doc): W[f.Mirror()][j^1] = W[f][j], b, v_us and v_them alike.
// The weights start tied, and every step first gives a weight and its
// twin the sum of their gradients (the gradient of the one parameter
// they stand for), so twins keep identical Adam moments and stay equal
// to the last bit. A left-right mirrored position therefore scores the
// same: exactly in the engine's integers, to float rounding here (the
// same numbers summed in another order).
//
// The loss is the mean squared error between sigmoid(y) and the target
//
//	t = λ·result + (1−λ)·sigmoid(K·score/400)
//
// result and score being the game's result and the search score from
// the side to move's view. λ (-lambda) is 0.3: mostly the search score,
// a graded label for each position that a net of this size can follow,
// and some of the game's result, a noisy label (one outcome for a whole
// game) that keeps the net from merely echoing the search that made the
// data, its blind spots included. K turns centi-men into logits; by
// default it is fitted to the data, as camelot tune fits it (tune's own
// code): the K for which sigmoid(K·score/400) best predicts the results
// of the training positions (of 2^20 of them, evenly spread, when there
// are more).
// A net output of y logits is y·400/K centi-men, so the net's scale
// (nnue.Net.Scale) is round(400000/K).
//
// The optimiser is Adam (β1 0.9, β2 0.999) over mini-batches of -batch
// positions (16384), the step size -lr (0.001) at the first epoch
// decaying along a cosine to lr/100 at the last of -epochs (30). After
// every step each weight but the c's is clipped to ±nnue.WeightLimit,
// the range the quantised net's integers hold. Positions are shuffled
// every epoch by a generator seeded by (-seed, epoch). Each batch is
// split between -threads goroutines in fixed contiguous parts, each with
// its own gradient buffer, added in a fixed order: a seed and a thread
// count always give the same net, to the byte. The sums over a view's
// features and the output layer's passes run in AVX2 kernels
// (kernels_amd64.s) where the processor has AVX2, with pure-Go twins
// elsewhere and with -tags purego; both give the same bits. After each
// epoch a line
//
//	epoch N train X validation Y lr Z (T s)
//
// gives the mean squared error over the epoch's batches (as the weights
// moved) and over the held-out games after it. The design follows
// Stockfish's nnue-pytorch and the bullet trainer (sparse feature rows,
// the sigmoid target blending score and result, CReLU, clipping for
// quantisation).
//
// Checkpoints. After every epoch the float weights (with their hidden
// size and buckets), Adam's state, the epoch and a fingerprint of every
// setting and of the data used (each file's SHA-256 through its last
// complete game) go to -checkpoint (OUT.ckpt, or train.ckpt) through a
// temporary file and a rename. A run started again with the same
// arguments goes on from there and writes the same net as a run never
// stopped; with other arguments or data it refuses, naming the
// difference (delete the checkpoint to start afresh). Ctrl-C stops a run
// between batches and keeps the last checkpoint. A finished run removes
// its checkpoint, unless its net fails the check below.
//
// The net. The float net is quantised as nnue's file says (W and b times
// QA, v times QB, c times QA·QB, rounded), with each bucket's output
// bias then corrected by the mean rounding error over those of 20,000
// training positions in the bucket (CorrectBias), and written with
// nnue.Encode through a temporary file to -out, by default nn-<first 12
// hex digits of its SHA-256>.nnue in the current directory. The
// quantised net, evaluated by the engine's own code
// (boards.NetEvaluate), is then compared with the float net on up to
// 1,000 validation positions; a mean difference beyond
// AgreementTolerance fails the run (the file stays written).
package train
