package picker

import (
	"context"
	"fmt"
)

// Slider is the page helper's sliderState() answer: the effort slider
// of an open 2026 picker.
type Slider struct {
	Found bool `json:"found"`
	// Effort is the effort value the picker shows, in its own vocabulary
	// (the 2026-09 trigger's data-selected-reasoning-effort, else the
	// slider's): see pageEffortTier.
	Effort string `json:"effort"`
	// Input: the slider input (role=slider) was found.
	Input bool `json:"input"`
	// Now, Min and Max are the input's aria-valuenow/min/max (-1 when
	// absent).
	Now  int    `json:"now"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`
	Text string `json:"text"`
	// Left, Top, Width and Height are the track's box in the viewport.
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	// RTL: the track runs right to left (a right-to-left UI language).
	RTL bool `json:"rtl"`
}

// tier is the tier the slider is on: its effort value in either picker's
// vocabulary. A stop alone says nothing (a plan's slider can have fewer
// stops, or a locked one).
func (sl Slider) tier() (string, bool) {
	r, ok := pageEffortTier(sl.Effort)
	return r.Tier, ok
}

// stopFor is the slider's stop for tier, counted from the stop it is on
// (clamped to the slider), or -1 when its position is unknown.
func (sl Slider) stopFor(tier string) int {
	cur, ok := sl.tier()
	if !ok || sl.Now < 0 || sl.Min < 0 || sl.Max < sl.Min {
		return -1
	}
	return min(max(sl.Now+tierIndex(tier)-tierIndex(cur), sl.Min), sl.Max)
}

// distance is how many tiers apart a and b are.
func distance(a, b string) int {
	d := tierIndex(a) - tierIndex(b)
	return max(d, -d)
}

// moved reports whether the slider changed between two reads.
func (sl Slider) moved(prev Slider) bool {
	return sl.Now != prev.Now || sl.Effort != prev.Effort
}

// moveSlider moves the open picker's slider towards tier: with the arrow
// keys on the focused slider, one stop at a time, each read back (a key
// that moves it the wrong way turns the direction round: a right-to-left
// page's slider runs from the right); when the keys do not move it (the
// 2026-09 input is an aria-hidden, zero-width span: the page may take only
// a press), with a press on the track at the tier's stop, mirrored on a
// right-to-left track. It returns the slider's last state.
func (pk *Picker) moveSlider(ctx context.Context, sl Slider, tier string) (Slider, error) {
	target := sl.stopFor(tier)
	var keys bool
	if err := pk.page.Call(ctx, &keys, "focus", Target{Loc: "effortSlider"}); err != nil {
		return sl, err
	}
	up := !sl.RTL // ArrowRight steps up (a right-to-left slider's steps down)
	for n := 0; keys && n < 3*len(EffortTiers()); n++ {
		cur, _ := sl.tier()
		if cur == tier || target >= 0 && sl.Now == target {
			return sl, nil // there, or at the end of the slider
		}
		key, code := "ArrowRight", int64(39)
		if (tierIndex(cur) > tierIndex(tier)) == up {
			key, code = "ArrowLeft", 37
		}
		if err := pk.page.Key(ctx, key, code); err != nil {
			return sl, err
		}
		prev := sl
		if err := pk.page.Call(ctx, &sl, "sliderState"); err != nil {
			return sl, err
		}
		keys = sl.moved(prev)
		if now, _ := sl.tier(); keys && distance(now, tier) > distance(cur, tier) {
			up = !up // the key went the other way: the slider runs the other way
		}
	}
	if target < 0 || sl.Now == target || sl.Width <= 0 || sl.Max <= sl.Min {
		return sl, nil
	}
	pk.log.Debug("mode selection: the effort slider ignores the keys; pressing its track", "stop", target)
	f := float64(target-sl.Min) / float64(sl.Max-sl.Min)
	if sl.RTL {
		f = 1 - f
	}
	x := sl.Left + sl.Width*f
	x = min(max(x, sl.Left+1), sl.Left+sl.Width-1) // inside the track's box
	if err := pk.page.ClickAt(ctx, x, sl.Top+sl.Height/2); err != nil {
		return sl, fmt.Errorf("press the slider's track: %w", err)
	}
	err := pk.page.Call(ctx, &sl, "sliderState")
	return sl, err
}
