// The member home's look, after the app's member cards (member.module.css, member-events.module.css) with
// Mantine's values: radius lg 16px, spacing md 16px, the indigo-to-violet hero, the gold certificate card.
// Light and dark follow the device (the shell's variables), phone first: one column, two from 48em (Mantine's sm).

export const HOME_STYLE = `
:root{--indigo:#4263eb;--tile-bg:#edf2ff;--tile:#3b5bdb;--gold-bg:rgba(201,162,39,.1);--gold-border:rgba(166,124,0,.35);--seal:#7a5a00;--seal-bg:rgba(201,162,39,.18);--row:#e9ecef;--button:#1c4e80;--light-bg:#e7f0f8;--light:#1c4e80;--bar:#e9ecef}
@media (prefers-color-scheme:dark){:root{--tile-bg:rgba(76,110,245,.15);--tile:#bac8ff;--gold-bg:rgba(201,162,39,.14);--gold-border:rgba(201,162,39,.4);--seal:#e9c46a;--seal-bg:rgba(201,162,39,.2);--row:#3b3b3b;--light-bg:rgba(116,192,252,.15);--light:#a5d8ff;--bar:#3b3b3b}}
body{background:var(--bg)}
h1,h2,h3,p{margin:0}
.nav{display:flex;align-items:center;gap:4px;min-width:0}
.nav a,.nav button{display:inline-flex;align-items:center;gap:6px;height:30px;padding:0 10px;border-radius:4px;font-size:14px;font-weight:700;text-decoration:none;color:var(--accent);background:none;white-space:nowrap}
.nav a:hover,.nav a[aria-current=page]{background:var(--light-bg)}
.nav .who{font-size:14px;max-width:200px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:0 6px}
.nav form{margin:0}
.nav button{color:var(--text);border:1px solid var(--border);background:var(--card)}
.links{display:contents}
@media (max-width:47.99em){.bar{height:auto}.bar>div{flex-wrap:wrap;padding:10px 12px 6px;row-gap:6px}.nav{display:contents}.links{display:flex;flex-wrap:wrap;order:3;width:100%;margin:0 -10px}.who,.nav .wide-only{display:none}}
.stack{display:grid;gap:16px;align-content:start;min-width:0}
.cols{display:grid;gap:16px;margin-top:16px}
@media (min-width:48em){.cols{grid-template-columns:1fr 1fr}}
.hero{border-radius:16px;padding:20px;color:#fff;box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05),0 7px 7px -5px rgba(0,0,0,.04);
background:radial-gradient(120% 140% at 100% 0%,rgba(255,255,255,.14) 0%,transparent 55%),linear-gradient(135deg,#3b5bdb 0%,#5f3dc4 100%)}
@media (min-width:48em){.hero{padding:32px}}
.hero-top{display:flex;justify-content:space-between;align-items:flex-start;gap:12px}
.hero-kicker,.fact-label{color:rgba(255,255,255,.85);font-size:14px}
.hero h1{font-size:clamp(1.5rem,6vw,2.1rem);line-height:1.15;overflow-wrap:anywhere;font-weight:700;margin-top:2px}
.state{flex-shrink:0;border-radius:4px;padding:0 14px;height:30px;display:inline-flex;align-items:center;font-size:14px;font-weight:700;letter-spacing:.25px;text-transform:uppercase;color:#fff}
.state.member{background:#0c8599}.state.pledge{background:#fab005;color:#000}.state.none{background:#495057}
.facts{display:grid;gap:16px;margin-top:24px}
@media (min-width:36em){.facts{grid-template-columns:repeat(3,1fr)}}
.fact{display:flex;gap:12px;align-items:flex-start;min-width:0}
.fact-icon{display:grid;place-items:center;flex-shrink:0;width:34px;height:34px;border-radius:8px;background:rgba(255,255,255,.16)}
.fact-label{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.4px}
.fact-value{overflow-wrap:anywhere}
.card{background:var(--card);border:1px solid var(--border);border-radius:16px;padding:16px;display:grid;gap:12px;min-width:0}
@media (min-width:48em){.card{padding:20px}}
.certificate{background:linear-gradient(180deg,var(--gold-bg) 0%,transparent 70%),var(--card);border-color:var(--gold-border)}
.card-head{display:flex;justify-content:space-between;align-items:center;gap:8px}
h2{font-size:20px;line-height:1.3;font-weight:700}
h3{font-size:16px;line-height:1.4;font-weight:700;overflow-wrap:anywhere;margin:4px 0 6px}
.more{display:inline-flex;align-items:center;gap:4px;font-size:14px;font-weight:700;text-decoration:none;padding:2px 8px;border-radius:4px;white-space:nowrap}
.more:hover{background:var(--light-bg)}
.line{display:flex;align-items:center;gap:12px;min-width:0}
.line.tight{gap:6px}.spread{justify-content:space-between}
.grow{flex:1;min-width:0}
.strong{font-weight:700}.small{font-size:14px}.xs{font-size:12px}.dim{color:var(--dim);font-size:14px}
.dim.xs{font-size:12px}
.truncate{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
a.small{display:inline-flex;align-items:center;gap:4px}
.seal{display:grid;place-items:center;flex-shrink:0;width:48px;height:48px;border-radius:50%;color:var(--seal);background:var(--seal-bg)}
.award{color:#7950f2;flex-shrink:0;display:flex}
.buttons{display:flex;gap:8px}
.buttons>*{flex:1}
.button{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:36px;padding:0 14px;border-radius:4px;font-size:14px;font-weight:700;text-decoration:none;color:#fff;background:var(--button);border:1px solid transparent;white-space:nowrap}
.button.light{color:var(--light);background:var(--light-bg)}
.button.default{color:var(--text);background:var(--card);border-color:var(--border)}
.buttons.small .button{height:30px;font-size:12px;padding:0 10px}
.row{padding:12px 0;border-top:1px solid var(--row);display:grid;gap:8px}
.row:first-child{border-top:0;padding-top:0}
.row:last-child{padding-bottom:0}
.row.line{display:flex}
.amount{font-variant-numeric:tabular-nums;white-space:nowrap}
.icon-button{display:grid;place-items:center;width:34px;height:34px;border-radius:4px;color:var(--accent)}
.icon-button:hover{background:var(--light-bg)}
.tag{display:inline-flex;align-items:center;gap:3px;flex-shrink:0;border-radius:1000px;padding:0 8px;height:20px;font-size:12px;font-weight:700;letter-spacing:.25px;text-transform:uppercase}
.tag.red{color:#c92a2a;background:rgba(250,82,82,.12)}.tag.orange{color:#d9480f;background:rgba(253,126,20,.12)}
.tag.teal,.tag.chapter{color:#087f5b;background:rgba(18,184,134,.12)}.tag.general{color:#3b5bdb;background:rgba(76,110,245,.12)}
.tag.learning{color:#d9480f;background:rgba(253,126,20,.12)}.tag.blue{color:#1864ab;background:rgba(34,139,230,.12)}
.tag.green{color:#2b8a3e;background:rgba(64,192,87,.12)}
@media (prefers-color-scheme:dark){.tag.red{color:#ffa8a8}.tag.orange,.tag.learning{color:#ffc078}.tag.teal,.tag.chapter{color:#63e6be}.tag.general{color:#bac8ff}.tag.blue{color:#a5d8ff}.tag.green{color:#8ce99a}}
.event{display:flex;gap:16px;align-items:flex-start;border:1px solid var(--border);border-radius:8px;padding:16px}
.tile{flex:0 0 auto;width:60px;padding:8px 0 10px;border-radius:8px;text-align:center;background:var(--tile-bg);color:var(--tile);display:grid}
.tile span{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;line-height:1.4}
.tile b{font-size:26px;line-height:1.1}
@media (max-width:36em){.tile{display:none}}
.icon-line{display:flex;gap:8px;align-items:flex-start;font-size:14px;overflow-wrap:anywhere}
.icon-line svg{flex-shrink:0;margin-top:3px;color:var(--dim)}
.clamp{margin-top:8px;white-space:pre-line;display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical;overflow:hidden}
.program{display:grid;gap:6px}
.progress{height:8px;border-radius:1000px;background:var(--bar);overflow:hidden}
.progress span{display:block;height:100%;background:#1c4e80;border-radius:inherit}
@media (prefers-color-scheme:dark){.progress span{background:#4dabf7}}
.rsvp{margin-top:10px}.rsvp button{height:32px;padding:0 16px;border-radius:4px;font:inherit;font-size:14px;font-weight:700;cursor:pointer;border:1px solid transparent;background:var(--indigo);color:#fff}
.rsvp button.quiet{background:var(--card);color:var(--text);border-color:var(--border)}
.notice{margin:0 0 16px;padding:10px 14px;border-radius:8px;font-size:14px;font-weight:700;background:var(--light-bg);color:var(--light)}
.notice.refused{background:color-mix(in srgb,var(--revoked) 12%,transparent);color:var(--text)}`;
