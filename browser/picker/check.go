package picker

import (
	"context"
	"errors"
)

// Report is the model picker check (the doctor's page check).
type Report struct {
	Found bool `json:"found"`
	// Generation is the picker's generation (2025, 2026-06, 2026-09,
	// 2026-11).
	Generation string `json:"generation,omitempty"`
	Label      string `json:"label,omitempty"`
	Opened     bool   `json:"opened"`
	// Models are the slots (or labels) of the models it lists; on the
	// 2026-11 menu each with the efforts it offers ("gpt-6 (extended/high,
	// pro/max disabled)").
	Models []string `json:"models,omitempty"`
	// Slider is the effort slider's state, when it has one.
	Slider *Slider `json:"slider,omitempty"`
	Error  string  `json:"error,omitempty"`
}

// Check opens the model picker, lists what it offers and closes it.
func (pk *Picker) Check(ctx context.Context, sw *Switcher) Report {
	if sw == nil {
		return Report{Error: "no model picker trigger matches"}
	}
	r := Report{Found: true, Generation: sw.Gen, Label: firstLine(sw.Label)}
	defer pk.closeMenus(ctx)
	var list menuList
	var err error
	if sw.Gen == "2026-11" {
		if err = pk.openPicker(ctx, sw.Gen); err != nil {
			r.Error = err.Error()
			return r
		}
		r.Opened = true
		if err = pk.page.Call(ctx, &list, "menuItems"); err != nil {
			r.Error = err.Error()
		}
		// Each model once, with the efforts of its rows: the 2026-11
		// menu's rows are (model, effort) pairs.
		r.Models = offered(list.Items)
		return r
	}
	switch sw.Gen {
	case "2026-09":
		if err = pk.openPicker(ctx, sw.Gen); err == nil {
			r.Opened = true
			r.Slider = pk.readSlider(ctx)
			list, err = pk.openModelList(ctx, "pickerToggle")
		}
	case "2026-06":
		if err = pk.openPicker(ctx, sw.Gen); err == nil {
			r.Opened = true
			r.Slider = pk.readSlider(ctx)
			list, err = pk.openModelList(ctx, "pickerAdvanced")
		}
	default:
		list, err = pk.openSwitcher(ctx)
		r.Opened = err == nil && len(list.Items) > 0
		if err == nil && len(list.Items) == 0 {
			err = errors.New("the menu listed no model")
		}
	}
	for _, it := range list.Items {
		if !it.Sub {
			r.Models = append(r.Models, it.name())
		}
	}
	if err != nil {
		r.Error = err.Error()
	}
	return r
}

// readSlider reads the open picker's effort slider (nil: none).
func (pk *Picker) readSlider(ctx context.Context) *Slider {
	var sl Slider
	if err := pk.page.Call(ctx, &sl, "sliderState"); err != nil || !sl.Found {
		return nil
	}
	return &sl
}
