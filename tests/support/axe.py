"""axe-core (npm, package-lock.json) run inside a Playwright page: the accessibility rules of
WCAG 2 A/AA that it can check automatically."""
from __future__ import annotations

from typing import Any

from .nodetools import AXE, need_node_tools

SEVERE = ("serious", "critical")


def axe_violations(page: Any, severe_only: bool = True) -> list[dict]:
    """The violations axe finds on ``page`` now (serious and critical only, by default), each
    with its rule id, impact, help and the first few offending nodes."""
    need_node_tools()
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # evaluated by the driver, not as a <script>: the pages' CSP (script-src 'self') stays on
        page.evaluate("() => {" + AXE.read_text(encoding="utf-8") + "\n}")
        assert page.evaluate("() => typeof window.axe !== 'undefined'"), "axe-core did not load"
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
                                           resultTypes: ["violations"]});
        const where = (n) => n.target.join(" ") + " :: " + n.failureSummary;
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 4).map(where)}));
    }""")
    return [v for v in found if not severe_only or v["impact"] in SEVERE]


def describe(violations: list[dict]) -> str:
    return "\n".join(f"{v['impact']}: {v['id']} ({v['help']})\n    " + "\n    ".join(v["nodes"]) for v in violations)
