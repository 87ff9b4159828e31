package changerate

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// The "weather" (play tennis) data of Quinlan (1986) as printed in Witten &
// Frank, Data Mining, Tables 1.2 and 1.3.
var weatherNominal = [][]string{
	{"sunny", "hot", "high", "FALSE", "no"},
	{"sunny", "hot", "high", "TRUE", "no"},
	{"overcast", "hot", "high", "FALSE", "yes"},
	{"rainy", "mild", "high", "FALSE", "yes"},
	{"rainy", "cool", "normal", "FALSE", "yes"},
	{"rainy", "cool", "normal", "TRUE", "no"},
	{"overcast", "cool", "normal", "TRUE", "yes"},
	{"sunny", "mild", "high", "FALSE", "no"},
	{"sunny", "cool", "normal", "FALSE", "yes"},
	{"rainy", "mild", "normal", "FALSE", "yes"},
	{"sunny", "mild", "normal", "TRUE", "yes"},
	{"overcast", "mild", "high", "TRUE", "yes"},
	{"overcast", "hot", "normal", "FALSE", "yes"},
	{"rainy", "mild", "high", "TRUE", "no"},
}

var weatherNumeric = [][]string{
	{"sunny", "85", "85", "FALSE", "no"},
	{"sunny", "80", "90", "TRUE", "no"},
	{"overcast", "83", "86", "FALSE", "yes"},
	{"rainy", "70", "96", "FALSE", "yes"},
	{"rainy", "68", "80", "FALSE", "yes"},
	{"rainy", "65", "70", "TRUE", "no"},
	{"overcast", "64", "65", "TRUE", "yes"},
	{"sunny", "72", "95", "FALSE", "no"},
	{"sunny", "69", "70", "FALSE", "yes"},
	{"rainy", "75", "80", "FALSE", "yes"},
	{"sunny", "75", "70", "TRUE", "yes"},
	{"overcast", "72", "90", "TRUE", "yes"},
	{"overcast", "81", "75", "FALSE", "yes"},
	{"rainy", "71", "91", "TRUE", "no"},
}

// weatherDataset builds a Dataset with the value orders of weather.arff.
func weatherDataset(t testing.TB, rows [][]string, numeric bool) *Dataset {
	t.Helper()
	d := &Dataset{
		Attrs: []Attribute{
			{Name: "outlook", Kind: Nominal, Values: []string{"sunny", "overcast", "rainy"}},
			{Name: "temperature", Kind: Nominal, Values: []string{"hot", "mild", "cool"}},
			{Name: "humidity", Kind: Nominal, Values: []string{"high", "normal"}},
			{Name: "windy", Kind: Nominal, Values: []string{"TRUE", "FALSE"}},
		},
		Classes: []string{"yes", "no"},
	}
	if numeric {
		d.Attrs[1] = Attribute{Name: "temperature", Kind: Numeric}
		d.Attrs[2] = Attribute{Name: "humidity", Kind: Numeric}
	}
	for _, r := range rows {
		x, err := encodeRow(d, r[:4])
		if err != nil {
			t.Fatal(err)
		}
		d.X = append(d.X, x)
		d.Y = append(d.Y, index(d.Classes, r[4]))
	}
	return d
}

func encodeRow(d *Dataset, vals []string) ([]float64, error) {
	x := make([]float64, len(vals))
	for j, v := range vals {
		if d.Attrs[j].Kind == Numeric {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return nil, err
			}
			x[j] = f
			continue
		}
		x[j] = float64(index(d.Attrs[j].Values, v))
	}
	return x, nil
}

func index(s []string, v string) int {
	for i, w := range s {
		if w == v {
			return i
		}
	}
	return -1
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// Witten & Frank §4.3: info([9,5]) = 0.940 bits; gains 0.247, 0.029, 0.152,
// 0.048; gain ratios 0.157, 0.019, 0.152, 0.049 (§4.3, "Highly branching
// attributes"; the book rounds the intermediate values, hence ±0.001).
func TestC45GainAndGainRatioOnWeather(t *testing.T) {
	d := weatherDataset(t, weatherNominal, false)
	b := &treeBuilder{d: d, minLeaf: 2}
	idx := make([]int, len(d.X))
	for i := range idx {
		idx[i] = i
	}
	total := b.classCounts(idx)
	if got := round3(entropy(total)); got != 0.940 {
		t.Errorf("info([9,5]) = %v, want 0.940", got)
	}
	want := []struct{ gain, ratio float64 }{{0.247, 0.157}, {0.029, 0.019}, {0.152, 0.152}, {0.048, 0.049}}
	for j, w := range want {
		sc, ok := b.nominalSplit(idx, j, total)
		if !ok {
			t.Fatalf("%s: no split", d.Attrs[j].Name)
		}
		if math.Abs(sc.gain-w.gain) > 0.0015 || math.Abs(sc.ratio-w.ratio) > 0.0015 {
			t.Errorf("%s: gain %.4f ratio %.4f, want %.3f %.3f", d.Attrs[j].Name, sc.gain, sc.ratio, w.gain, w.ratio)
		}
	}
}

// The trees Weka's J48 (C4.5 release 8) prints for weather.nominal.arff and
// weather.arff with default options.
func TestC45TreesOnWeather(t *testing.T) {
	tests := []struct {
		name    string
		rows    [][]string
		numeric bool
		want    string
	}{
		{"nominal", weatherNominal, false, "" +
			"outlook = sunny\n" +
			"|   humidity = high: no (3.0)\n" +
			"|   humidity = normal: yes (2.0)\n" +
			"outlook = overcast: yes (4.0)\n" +
			"outlook = rainy\n" +
			"|   windy = TRUE: no (2.0)\n" +
			"|   windy = FALSE: yes (3.0)\n"},
		{"numeric", weatherNumeric, true, "" +
			"outlook = sunny\n" +
			"|   humidity <= 70: yes (2.0)\n" +
			"|   humidity > 70: no (3.0)\n" +
			"outlook = overcast: yes (4.0)\n" +
			"outlook = rainy\n" +
			"|   windy = TRUE: no (2.0)\n" +
			"|   windy = FALSE: yes (3.0)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := weatherDataset(t, tc.rows, tc.numeric)
			tree, err := C45{}.FitTree(d)
			if err != nil {
				t.Fatal(err)
			}
			if got := tree.String(); got != tc.want {
				t.Errorf("tree:\n%s\nwant:\n%s", got, tc.want)
			}
			// The tree fits its training data exactly.
			for i, x := range d.X {
				if got := argmax(tree.Distribution(x)); got != d.Y[i] {
					t.Errorf("instance %d: predicted %s, labelled %s", i, d.Classes[got], d.Classes[d.Y[i]])
				}
			}
		})
	}
}

// Witten & Frank §6.1 (labor negotiations): with z = 0.69 (CF 25%), leaves
// of 2/6, 1/2 and 2/6 errors have pessimistic error rates 0.47, 0.72, 0.47,
// combined 0.51, above the parent's for 5/14 errors — so the subtree is
// replaced by a leaf. (The book prints 0.46 for the parent; its own formula
// with z = 0.69 gives 0.449, which we check instead.)
func TestC45PessimisticErrorTextbook(t *testing.T) {
	tests := []struct{ e, n, want float64 }{{2, 6, 0.47}, {1, 2, 0.72}, {5, 14, 0.45}}
	for _, tc := range tests {
		if got := math.Round(PessimisticError(tc.e, tc.n, 0.69)*100) / 100; got != tc.want {
			t.Errorf("e=%v n=%v: %v, want %v", tc.e, tc.n, got, tc.want)
		}
	}
	combined := (6*PessimisticError(2, 6, 0.69) + 2*PessimisticError(1, 2, 0.69) + 6*PessimisticError(2, 6, 0.69)) / 14
	if math.Round(combined*100)/100 != 0.51 {
		t.Errorf("combined %v, want 0.51", combined)
	}
	// The same subtree as a tree: prune must replace it by a leaf.
	leaf := func(bad, good float64) *treeNode { return &treeNode{attr: -1, counts: []float64{bad, good}} }
	root := &treeNode{attr: 0, counts: []float64{9, 5}, children: []*treeNode{leaf(4, 2), leaf(1, 1), leaf(4, 2)}}
	prune(root, 0.69)
	if root.attr != -1 || root.children != nil {
		t.Error("subtree of the labor example not pruned")
	}
}

// A split on pure noise must not survive pruning, while it does in the
// unpruned tree.
func TestC45PrunesNoise(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	d := &Dataset{
		Attrs:   []Attribute{{Name: "coin", Kind: Nominal, Values: []string{"h", "t"}}, {Name: "x", Kind: Numeric}},
		Classes: []string{"a", "b"},
	}
	for i := 0; i < 60; i++ {
		y := 0
		if rng.Float64() < 0.3 {
			y = 1
		}
		d.X = append(d.X, []float64{float64(rng.IntN(2)), rng.Float64()})
		d.Y = append(d.Y, y)
	}
	full, err := C45{NoPrune: true}.FitTree(d)
	if err != nil {
		t.Fatal(err)
	}
	pruned, err := C45{}.FitTree(d)
	if err != nil {
		t.Fatal(err)
	}
	if full.Leaves() < 2 {
		t.Fatalf("unpruned tree on noise has %d leaves; the test needs a split to prune", full.Leaves())
	}
	if pruned.Leaves() != 1 {
		t.Errorf("pruned tree on noise has %d leaves:\n%s", pruned.Leaves(), pruned)
	}
}

// Witten & Frank §4.2: for a new day (sunny, cool, high, windy) the
// likelihoods are 2/9·3/9·3/9·3/9·9/14 = 0.0053 for yes and
// 3/5·1/5·4/5·3/5·5/14 = 0.0206 for no, so P(yes) = 20.5%. With numeric
// temperature 66 and humidity 90 the third edition (§4.2, corrected from the
// second's 0.0221 for f(66|no)) gives 2/9·0.0340·0.0221·3/9·9/14 = 0.000036
// and 3/5·0.0279·0.0381·3/5·5/14 = 0.000137, so P(yes) = 20.8%. The book
// multiplies rounded factors, hence the 1% tolerance on the likelihoods.
func TestNaiveBayesWeather(t *testing.T) {
	tests := []struct {
		name        string
		rows        [][]string
		numeric     bool
		day         []string
		likeYes     float64
		likeNo      float64
		wantPYesPct float64 // P(yes) in percent, one decimal
	}{
		{"nominal", weatherNominal, false, []string{"sunny", "cool", "high", "TRUE"}, 2.0 / 9 * 3 / 9 * 3 / 9 * 3 / 9 * 9 / 14, 3.0 / 5 * 1 / 5 * 4 / 5 * 3 / 5 * 5 / 14, 20.5},
		{"numeric", weatherNumeric, true, []string{"sunny", "66", "90", "TRUE"}, 0.000036, 0.000137, 20.8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := weatherDataset(t, tc.rows, tc.numeric)
			c, err := NaiveBayes{Alpha: 0}.Fit(d)
			if err != nil {
				t.Fatal(err)
			}
			m := c.(*bayesModel)
			x, err := encodeRow(d, tc.day)
			if err != nil {
				t.Fatal(err)
			}
			lj := m.logJoint(x)
			yes, no := math.Exp(lj[0]), math.Exp(lj[1])
			if math.Abs(yes/tc.likeYes-1) > 0.01 || math.Abs(no/tc.likeNo-1) > 0.01 {
				t.Errorf("likelihoods yes %.6g no %.6g, want %v %v", yes, no, tc.likeYes, tc.likeNo)
			}
			if !tc.numeric && (math.Round(yes*1e4)/1e4 != 0.0053 || math.Round(no*1e4)/1e4 != 0.0206) {
				t.Errorf("likelihoods yes %.4f no %.4f, want the book's 0.0053 0.0206", yes, no)
			}
			p := m.Distribution(x)
			if got := math.Round(p[0]*1000) / 10; got != tc.wantPYesPct {
				t.Errorf("P(yes) = %v%%, want %v%%", got, tc.wantPYesPct)
			}
			if math.Abs(p[0]+p[1]-1) > 1e-12 {
				t.Errorf("distribution %v does not sum to 1", p)
			}
		})
	}
}

// Textbook (Table 4.4): means and standard deviations of temperature and
// humidity per class, and the densities at temperature 66, humidity 90.
func TestNaiveBayesNormalParameters(t *testing.T) {
	d := weatherDataset(t, weatherNumeric, true)
	c, err := NaiveBayes{}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	m := c.(*bayesModel)
	tests := []struct {
		attr, class  int
		mean, sd, at float64
		density      float64
	}{
		{1, 0, 73, 6.2, 66, 0.0340},
		{1, 1, 74.6, 7.9, 66, 0.0279},
		{2, 0, 79.1, 10.2, 90, 0.0221},
		{2, 1, 86.2, 9.7, 90, 0.0380},
	}
	for _, tc := range tests {
		mean, sd := m.mean[tc.attr][tc.class], m.sd[tc.attr][tc.class]
		if math.Round(mean*10)/10 != tc.mean || math.Round(sd*10)/10 != tc.sd {
			t.Errorf("%s|%s: mean %v sd %v, want %v %v", d.Attrs[tc.attr].Name, d.Classes[tc.class], mean, sd, tc.mean, tc.sd)
		}
		if got := math.Round(math.Exp(normalLogPDF(tc.at, mean, sd))*1e4) / 1e4; got != tc.density {
			t.Errorf("f(%v|%s) = %v, want %v", tc.at, d.Classes[tc.class], got, tc.density)
		}
	}
}

func TestDatasetValidate(t *testing.T) {
	good := weatherDataset(t, weatherNumeric, true)
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		mut  func(d *Dataset)
	}{
		{"nominal out of range", func(d *Dataset) { d.X[0][0] = 7 }},
		{"nominal not integral", func(d *Dataset) { d.X[0][0] = 0.5 }},
		{"numeric NaN", func(d *Dataset) { d.X[0][1] = math.NaN() }},
		{"class out of range", func(d *Dataset) { d.Y[0] = 2 }},
		{"short row", func(d *Dataset) { d.X[0] = d.X[0][:2] }},
		{"label count", func(d *Dataset) { d.Y = d.Y[:3] }},
	}
	for _, tc := range tests {
		d := weatherDataset(t, weatherNumeric, true)
		tc.mut(d)
		if err := d.Validate(); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if _, err := (C45{}).Fit(d); err == nil {
			t.Errorf("%s: C4.5 fitted invalid data", tc.name)
		}
		if _, err := (NaiveBayes{}).Fit(d); err == nil {
			t.Errorf("%s: Naive Bayes fitted invalid data", tc.name)
		}
	}
}
