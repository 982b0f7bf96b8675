// Package pagescript is the page helper the ChatGPT adapter injects into
// every document of its tab (window.__wtagent, page.js) and the page facts
// it is filled in with: the CSS locators by name, the text patterns, the
// page's own endpoints, the URL path patterns, the observer's binding name
// and the adapter version that names this set. It is data and one template:
// it drives no browser (package browser does, through it).
package pagescript
