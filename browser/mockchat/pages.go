package mockchat

import (
	"bytes"
	"html/template"
	"io/fs"
	"net/http"
	"slices"
	"strings"

	mockassets "github.com/wtagent/wtagent/browser/mockchat/assets"
)

// pages holds the parsed HTML templates and the static assets.
type pages struct {
	assets fs.FS
	tmpl   *template.Template
}

func newPages() *pages {
	assets := mockassets.FS()
	// The templates are embedded: a parse error is a build defect, and the
	// package's tests render every page.
	t := template.Must(template.ParseFS(assets, "app.html", "login.html", "challenge.html"))
	return &pages{assets: assets, tmpl: t}
}

// pageConfig is the app's boot configuration, embedded in the page as
// JSON (as the real site embeds its boot data).
type pageConfig struct {
	// Instance prefixes the page's storage keys (the model and effort
	// chosen): one server's choices never leak into another's page.
	Instance       string   `json:"instance"`
	LoggedIn       bool     `json:"loggedIn"`
	Models         []Model  `json:"models"`
	Model          string   `json:"model"`
	Broken         []string `json:"broken"`
	VirtualTurns   int      `json:"virtualTurns"`
	TruncateAt     int      `json:"truncateAt"`
	PasteThreshold int      `json:"pasteThreshold"`
	FlashActionBar bool     `json:"flashActionBar"`
	NoPageResume   bool     `json:"noPageResume"`
	ConversationID string   `json:"conversationId"`
	DOM            string   `json:"dom"`
	Efforts        []string `json:"efforts"`
	Effort         string   `json:"effort"`
	WorkMode       bool     `json:"workMode"`
	// SliderOnly and SliderPointerOnly are Options'.
	SliderOnly        bool `json:"sliderOnly"`
	SliderPointerOnly bool `json:"sliderPointerOnly"`
	// Lang and Dir are <html lang dir>; Labels the page's label table.
	Lang         string            `json:"lang"`
	Dir          string            `json:"dir"`
	Labels       map[string]string `json:"labels"`
	HiddenRoutes int               `json:"hiddenRoutes"`
	FrozenCopy   bool              `json:"frozenCopy"`
	Window       int               `json:"window"`
	// CoverRow and CoverComposer are Options'.
	CoverRow      string `json:"coverRow"`
	CoverComposer bool   `json:"coverComposer"`
}

// render executes a template into w with status.
func (p *pages) render(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := p.tmpl.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "mockchat: render "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// handleApp serves the single-page app for / and /c/<id>.
func (s *Server) handleApp(w http.ResponseWriter, r *http.Request) {
	gen, err := s.generation(r.URL.Query().Get("dom"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	lang, dir, labels, err := s.pageLabels(r.URL.Query().Get("lang"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if !units(gen) {
		lang, dir, labels = LangEnglish, "ltr", Labels(LangEnglish)
	}
	paste := s.opts.PasteThreshold
	if paste <= 0 {
		paste = PasteAttachmentThreshold
	}
	s.mu.Lock()
	challenged := s.challenge
	cfg := pageConfig{
		Instance:       s.instance,
		LoggedIn:       s.loggedIn,
		Models:         s.models,
		Model:          s.defaultModel(),
		VirtualTurns:   s.opts.VirtualTurns,
		TruncateAt:     s.opts.TruncateAt,
		PasteThreshold: paste,
		FlashActionBar: s.opts.FlashActionBar,
		NoPageResume:   s.opts.NoPageResume,
		ConversationID: r.PathValue("id"),
		Broken:         []string{},
		DOM:            gen,
		WorkMode:       s.opts.WorkMode,
		Efforts:        Efforts(gen, s.opts.ProLimited),
		Effort:         DefaultEffort(gen),

		SliderOnly:        s.opts.SliderOnly,
		SliderPointerOnly: s.opts.SliderPointerOnly,
		Lang:              lang,
		Dir:               dir,
		Labels:            labels,
		HiddenRoutes:      s.opts.HiddenRoutes,
		FrozenCopy:        s.opts.FrozenCopy,
		Window:            s.opts.Window,
		CoverRow:          s.opts.CoverRow,
		CoverComposer:     s.opts.CoverComposer,
	}
	if gen != DOM2025 && s.opts.Models == nil {
		cfg.Models = DefaultModels2026(s.opts.ProLimited)
		cfg.Model = cfg.Models[0].Slug
		if gen == DOM2026Nov {
			cfg.Models, cfg.Model = DefaultModels2026Nov(s.opts.ProLimited), "gpt-6-2-sol" // at Medium
		}
		if s.opts.Model != "" {
			cfg.Model = s.opts.Model
		}
	}
	for name := range s.broken {
		cfg.Broken = append(cfg.Broken, name)
	}
	s.mu.Unlock()
	if challenged {
		s.writeChallenge(w, r)
		return
	}
	slices.Sort(cfg.Broken)
	s.pages.render(w, http.StatusOK, "app.html", cfg)
}

// handleLogin serves /auth/login: a login form, no composer.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	loggedIn, challenged := s.loggedIn, s.challenge
	s.mu.Unlock()
	switch {
	case challenged:
		s.writeChallenge(w, r)
	case loggedIn:
		http.Redirect(w, r, "/", http.StatusFound)
	default:
		s.pages.render(w, http.StatusOK, "login.html", nil)
	}
}

// writeChallenge answers with the challenge interstitial: 403,
// cf-mitigated: challenge, and the "Just a moment..." page.
func (s *Server) writeChallenge(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Path
	if strings.HasPrefix(next, "/backend-api/") || strings.HasPrefix(next, "/api/") || !strings.HasPrefix(next, "/") {
		next = "/"
	}
	w.Header().Set("cf-mitigated", "challenge")
	s.pages.render(w, http.StatusForbidden, "challenge.html", map[string]string{"Next": next})
}

// handleAsset serves the page's scripts and styles.
func (s *Server) handleAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if strings.HasSuffix(name, ".html") {
		http.NotFound(w, r)
		return
	}
	if _, err := fs.Stat(s.pages.assets, name); err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFileFS(w, r, s.pages.assets, name)
}
