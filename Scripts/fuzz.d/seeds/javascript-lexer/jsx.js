export const Screen = () => (
  <View>
    <Text>It's {name}'s `quote // not a comment</Text>
    {/* <Image source={require('./commented.png')} /> */}
    <FlatList<Item> data={items} renderItem={({ item }) => <Row item={item} />} />
    <Image source={require('./a.png')} style={{ width: 2 / 3 }} />
    <>{"text"}</>
  </View>
)
const id = <T,>(x: T) => x
