/* global document */
// Demo stand-in for a site's analytics snippet. The SPA loads it only after analytics consent; it only marks the
// document so the browser tests can see that it ran. It collects nothing.
document.documentElement.dataset.demoAnalytics = 'loaded';
