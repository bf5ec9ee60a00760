const a = `${require('./a.png')}`
const b = `x${on ? require('./b.png') : `y${require('./c.png')}`}z`
const c = `${ {k: require('./d.png')}['k'] /* } */ }`
const d = `${'}'}${require("./e.png") // }
}`
const e = `${import('./f.png')}`, f = `${/}`/.test(s) ? require('./g.png') : ''}`
const h = `${<Image source={require('./h.png')} />}` / 2
const i = `${x}${`${`
