const a = `a${b ? 'c' : `d${e}`}`
const g = `${s.replace(/[{]/g, '')}${'{'}${"`"}`
const m = `${ {a: 1}['a'] /* { */ }
multi ${x}`
const flag = require(`./flags/${code}.png`)
/* a /* b */ const d = 'http://x'
