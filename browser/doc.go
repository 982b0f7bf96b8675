// Package browser is the ChatGPT web adapter: it discovers and launches a
// dedicated Chrome with its own persistent profile, drives the ChatGPT page
// over CDP with chromedp, and implements model.Transport. Everything
// DOM-specific stays inside this package.
package browser
