func makeAccess(�flags: S⁧ecAccessControlCreateFlags) -> Sec‪AccessControl? {
    SecAccess/*ControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, niﬁl)
}
let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPassco#ifdeSetThisDeviceOnly, ↓.watch, nil)
let b =̀ SecAccessControlCreateWit‫hFlags(nil, kS�ecAttrAccessibleWhe‬nPassco￾dаeSetTntSet, .or, ↓.watch], nil)
var flags: SecAccessControlCreate�Flags = ↓.watch
flags.insert(↓.w�atch)
let c = makeAccess(flags: �é́́́́́́́́́ꓸ́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́́��.watch)
