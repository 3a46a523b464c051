import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";

// The strict CSP forbids inline styles and scripts: count anything it blocks where the end-to-end
// tests (and anyone with the inspector) can see it.
document.addEventListener("securitypolicyviolation", (e) => {
  const root = document.documentElement;
  root.dataset.cspViolations = String(Number(root.dataset.cspViolations ?? "0") + 1);
  console.error(`CSP blocked ${e.blockedURI || "inline content"} (${e.violatedDirective})`);
});

const target = document.getElementById("app");
if (!target) throw new Error("#app element missing from index.html");

export default mount(App, { target });
