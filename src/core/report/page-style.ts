/**
 * The report's stylesheet, inlined (the CSP allows only this exact text by hash). Light and dark
 * palettes follow `prefers-color-scheme`; colours meet WCAG AA contrast on their backgrounds; the
 * layout is one column on narrow screens. Inline text the judged party wrote (code, file names,
 * findings, hunk lines) is bidi-isolated, so right-to-left text in it cannot reorder what is around it.
 */
export const PAGE_STYLE = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1f24;--muted:#57606a;--card:#f6f8fa;--line:#d0d7de;
--good:#116329;--good-bg:#dafbe1;--warn:#7d4e00;--warn-bg:#fff8c5;--bad:#a40e26;--bad-bg:#ffebe9;--accent:#0550ae}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--card:#161b22;--line:#30363d;
--good:#56d364;--good-bg:#0f2d1a;--warn:#e3b341;--warn-bg:#2e2308;--bad:#ff7b72;--bad-bg:#3a1113;--accent:#79c0ff}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header,main,footer{max-width:72rem;margin:0 auto;padding:1rem}
header h1{font-size:1.25rem;margin:0}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.eyebrow{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 .25rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:2}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.hero{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem;align-items:start}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;min-width:0}
.verdict-badge{font-size:2.5rem;font-weight:800;margin:.25rem 0;letter-spacing:.02em}
[data-overall=pass] .verdict-badge{color:var(--good)}
[data-overall=fail] .verdict-badge,[data-overall=failed_run] .verdict-badge{color:var(--bad)}
[data-overall=unverifiable] .verdict-badge{color:var(--warn)}
.verdict[data-trust=bad] .verdict-badge{text-decoration:line-through}
.untrusted-note{color:var(--bad);font-weight:700}
.contract-title{font-weight:700;margin:.25rem 0}
blockquote{margin:.5rem 0;padding:.25rem .75rem;border-left:4px solid var(--line);color:var(--fg);overflow-wrap:anywhere}
.chain{border-width:3px}
.chain[data-tone=good]{border-color:var(--good);background:var(--good-bg)}
.chain[data-tone=warn]{border-color:var(--warn);background:var(--warn-bg)}
.chain[data-tone=bad]{border-color:var(--bad);background:var(--bad-bg)}
.chain-headline{font-size:1.2rem;font-weight:800;margin:.25rem 0;overflow-wrap:anywhere}
.chain[data-tone=good] .chain-headline{color:var(--good)}
.chain[data-tone=warn] .chain-headline{color:var(--warn)}
.chain[data-tone=bad] .chain-headline{color:var(--bad)}
.chain-detail{margin:.25rem 0;padding-left:1.2rem;overflow-wrap:anywhere}
progress{width:100%}
.pin{margin-top:.75rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.pin input{flex:1 1 14rem;min-width:0;font:inherit;font-family:ui-monospace,monospace;padding:.25rem;background:var(--bg);color:var(--fg);border:1px solid var(--line)}
button{font:inherit;padding:.25rem .75rem;border:1px solid var(--line);border-radius:.25rem;background:var(--bg);color:var(--fg);cursor:pointer}
.banner{padding:.5rem .75rem;border-radius:.25rem;font-weight:600}
.banner.bad{background:var(--bad-bg);color:var(--bad)}.banner.warn{background:var(--warn-bg);color:var(--warn)}
.muted{color:var(--muted)}.small{font-size:.875rem}
.pill{display:inline-block;padding:0 .5rem;border-radius:1rem;font-size:.85rem;font-weight:700;white-space:nowrap;border:1px solid currentColor}
.pill.met,.pill.good{color:var(--good)}.pill.not_met{color:var(--bad)}.pill.unverifiable,.pill.warn{color:var(--warn)}
.signoffs{list-style:none;padding:0;margin:0}.signoffs li{overflow-wrap:anywhere;padding:.5rem 0;border-top:1px solid var(--line)}
.signoff.stale strong{text-decoration:line-through}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid var(--line)}
.desc{margin:0;font-weight:600}
pre{background:var(--card);border:1px solid var(--line);padding:.5rem;overflow:auto;max-height:24rem;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;overflow-wrap:anywhere}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere;min-width:0}
details>summary{cursor:pointer}
.timeline{list-style:none;padding:0;margin:0}
.entry{border-bottom:1px solid var(--line);padding:.25rem 0;overflow-wrap:anywhere}
p,li,dd{overflow-wrap:anywhere}
.citation-list{padding-left:1.2rem}.citation{margin:.5rem 0}.citation .problem{overflow-wrap:anywhere}
.hunk{margin:.25rem 0}.hunk-header{color:var(--muted)}.hunk-line.cited{background:var(--warn-bg);font-weight:700}
code,bdi,.problem,.hunk-line,.span-match{unicode-bidi:isolate}
.entry .seq{display:inline-block;min-width:4rem;color:var(--muted)}
.entry .kind{font-weight:600}
.entry.transcript .kind{font-style:italic}
.entry.broken{background:var(--bad-bg);border-left:4px solid var(--bad);padding-left:.5rem}
.entry.broken .kind::after{content:"  ← verification failed here";color:var(--bad)}
@media (max-width:40rem){.facts{grid-template-columns:1fr}.verdict-badge{font-size:2rem}
table,tbody,tr,td{display:block;width:auto}thead{display:none}tr{border-bottom:2px solid var(--line);padding:.25rem 0}
td{border:0;padding:.15rem 0}td[data-label]::before{content:attr(data-label) ": ";color:var(--muted);font-size:.85rem}}
`;
