// Package tune fits the evaluation's weights (package eval) to training
// data from `camelot datagen`: `camelot tune [options] FILE...`. It is
// Texel's tuning method: choose the weights under which the evaluation,
// passed through a sigmoid, best predicts how the games went.
//
// The model. The evaluation is linear in its weights: each position is a
// short list of features (eval.Features of its board's grid, through
// boards.EvalFeatures: index, White's count minus Black's) and a phase,
// and its score from White's view is
//
//	eval = Σ Coef·(MG·phase + EG·(MaxPhase−phase)) / MaxPhase
//
// summed over the features, MG and EG being the middlegame and endgame
// parts of the feature's weight, in centi-men. The tuner uses that
// formula in floating point and rounds the weights only when it writes
// them.
//
// The sigmoid and K. sigmoid(x) = 1/(1+exp(−K·x/400)) turns a score into
// an expected result for White. K, the scale between centi-men and
// results, is fitted once before the weights move: the K for which
// sigmoid(eval with the current weights) best predicts the game results
// (least squares, golden-section search). -k fixes it instead.
//
// The loss. Each position's target is
//
//	t = λ·result + (1−λ)·sigmoid(score)
//
// a blend of the game's result (1, ½, 0) and the win expectancy of the
// search score datagen recorded; the loss is the mean of
// (sigmoid(eval) − t)² over the training positions. λ (-lambda) is 0.5 by
// default: a result alone is a noisy label, one outcome for dozens of
// positions, many of them far from what decided the game, while the
// search score alone would only teach the evaluation to echo the search
// that made the data, biases included; half of each keeps the signal of
// who actually won with the smoothness of the score. -l2 adds
// L2·Σ(w/100)² over the weights being fitted (0 by default); the losses
// printed are the mean squared error alone.
//
// The fit. The gradient is exact (the evaluation is linear given the
// features and phase) and Adam (Kingma & Ba) follows it over mini-batches
// of -batch positions (16384), -epochs passes (20), stepping about -lr
// centi-men a step (1). Each batch is split between -threads goroutines
// (all cores), each with its own gradient array, summed in a fixed order,
// so a seed and a thread count always give the same weights. A share of
// the positions (-validation, 0.1) is held out, chosen from -seed (1), and
// only measured; the training positions are shuffled every epoch from
// -seed. After each epoch the tuner prints
//
//	epoch N train X validation Y
//
// (mean squared errors, six decimals; epoch 0 is the starting weights; Y
// is "-" with -validation 0).
// -freeze takes name prefixes (eval.WeightNamesOf) of weights to keep as
// they are, say "material.,tempo" to pin the scale of the evaluation.
//
// Memory. All positions' features are in one flat slice with a 32-bit
// offset, a phase byte, a result byte, a score and a target for each
// position, 4 bytes a feature and 22 a position counting the shuffled
// order: about 150 to 200 bytes a position, so ten million positions fit
// in 2 GB. The tuner prints the figure as it loads.
//
// -variant NAME fits the weights of another board (V1): every position of
// the files must be of it, the start is that board's table (fitted, or made
// from Camelot's by eval.FromCamelot), and -out defaults to its file,
// eval/tuned/NAME.go (tuned.File).
//
// The result goes to -out (eval/tuned/camelot.go) through eval.WriteWeightsOf
// (boards.Of(v).WriteEvalWeights), written to a temporary file and
// renamed into place, followed by the losses before and after and the
// weights that changed most.
package tune
