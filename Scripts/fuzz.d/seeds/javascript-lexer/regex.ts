const a = /'/; const b = require('./a.png')
const c = s.replace(/["']/g, '').split(/[/]/)
if (/\/*/.test(s)) { return typeof v === 'string' && /^'/.test(v) }
const ratio = width / height / 2 // w/h
const cast = <Foo>bar
