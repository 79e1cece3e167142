//! The crate's one map type: names (strings) to values, as a sorted vector of names beside a
//! vector of values, found by binary search.
//!
//! Every map of the settings and the engine is one of these. A `BTreeMap` or `HashMap` per
//! value type would each carry their own copy of the tree's (or table's) insert, rebalance,
//! iteration, clone and drop code into the wasm (docs/size.md); here the search and the name
//! moves are one non-generic copy, and a value type adds little beyond its own `Vec`.
//!
//! It behaves as a `BTreeMap<String, V>`: iteration in `str`'s byte order, one entry per name,
//! a later value for a name replacing the earlier one (when inserted, collected, extended or
//! read), written and read by serde as a map. Building from many entries sorts once
//! (O(n log n)); a single insert moves the tail.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, Serializer};

/// Names to values, sorted by name, each name once.
#[derive(Clone, PartialEq, Eq)]
pub struct NameMap<V> {
    /// Sorted, distinct.
    names: Vec<String>,
    /// `values[i]` is `names[i]`'s.
    values: Vec<V>,
}

/// Names, sorted, each once.
pub type NameSet = NameMap<()>;

impl<V> Default for NameMap<V> {
    fn default() -> Self {
        NameMap::new()
    }
}

impl<V> NameMap<V> {
    pub const fn new() -> Self {
        NameMap {
            names: Vec::new(),
            values: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn get_key_value(&self, name: &str) -> Option<(&str, &V)> {
        let at = find(&self.names, name).ok()?;
        Some((self.names.get(at)?, self.values.get(at)?))
    }

    pub fn get(&self, name: &str) -> Option<&V> {
        self.values.get(find(&self.names, name).ok()?)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        self.values.get_mut(find(&self.names, name).ok()?)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        find(&self.names, name).is_ok()
    }

    /// Sets `name`'s value, returning the one it replaces (as `BTreeMap::insert`).
    pub fn insert(&mut self, name: String, value: V) -> Option<V> {
        match find(&self.names, &name) {
            Ok(at) => self
                .values
                .get_mut(at)
                .map(|slot| std::mem::replace(slot, value)),
            Err(at) => {
                self.names.insert(at, name);
                self.values.insert(at, value);
                None
            }
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<V> {
        let at = find(&self.names, name).ok()?;
        self.names.remove(at);
        Some(self.values.remove(at))
    }

    pub fn clear(&mut self) {
        self.names.clear();
        self.values.clear();
    }

    /// In name order.
    pub fn iter(&self) -> Iter<'_, V> {
        Iter {
            names: self.names.iter(),
            values: self.values.iter(),
        }
    }

    /// In order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// In their names' order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.values.iter()
    }

    /// Appends `entries` unsorted, then sorts once: the last value given for a name wins.
    fn push_all(&mut self, entries: impl IntoIterator<Item = (String, V)>) {
        for (name, value) in entries {
            self.names.push(name);
            self.values.push(value);
        }
        if let Some((swaps, len)) = settled(&self.names) {
            rearrange(&mut self.names, &swaps, len);
            rearrange(&mut self.values, &swaps, len);
        }
    }
}

impl NameSet {
    /// Adds `name`; `true` when it was not there.
    pub fn add(&mut self, name: String) -> bool {
        self.insert(name, ()).is_none()
    }
}

/// Where `name` is in `names` (sorted), or where it would go.
fn find(names: &[String], name: &str) -> Result<usize, usize> {
    names.binary_search_by(|n| n.as_str().cmp(name))
}

/// How to settle `names` when they are not sorted and distinct already: the swaps that put
/// them in name order, of equal names the last given (the latest) first, and how many to keep
/// (the rest are the earlier values of a name). Computed once for the names, so sorting the
/// values of any type is only their swaps.
fn settled(names: &[String]) -> Option<(Vec<(usize, usize)>, usize)> {
    if names.windows(2).all(|w| w[0] < w[1]) {
        return None;
    }
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let order = by_name(&names);
    // The kept entries first, in order, then the replaced ones.
    let mut from = Vec::with_capacity(order.len());
    let mut replaced = Vec::new();
    for (at, &i) in order.iter().enumerate() {
        match at.checked_sub(1).map(|before| order[before]) {
            Some(latest) if names[latest] == names[i] => replaced.push(i),
            _ => from.push(i),
        }
    }
    let len = from.len();
    from.extend(replaced);
    // Position `at` takes the entry at `from[at]`: each cycle of that permutation as swaps.
    let mut swaps = Vec::new();
    for start in 0..from.len() {
        let mut at = start;
        loop {
            let next = from[at];
            from[at] = at;
            if next == start {
                break;
            }
            swaps.push((at, next));
            at = next;
        }
    }
    Some((swaps, len))
}

/// `items` swapped as [`settled`] says, then cut to the kept ones.
fn rearrange<T>(items: &mut Vec<T>, swaps: &[(usize, usize)], len: usize) {
    for &(a, b) in swaps {
        items.swap(a, b);
    }
    items.truncate(len);
}

/// The indices of `names` sorted by name (`str` order), equal names latest (highest index)
/// first: a bottom-up merge sort, O(n log n) whatever the input. Written out, not
/// `slice::sort`, which would link a sort of its own into the wasm for this one element type.
pub(crate) fn by_name(names: &[&str]) -> Vec<usize> {
    let before = |a: usize, b: usize| match names[a].cmp(names[b]) {
        std::cmp::Ordering::Equal => a > b,
        o => o.is_lt(),
    };
    let mut order: Vec<usize> = (0..names.len()).collect();
    let mut spare = order.clone();
    let mut width = 1;
    while width < order.len() {
        for (run, out) in order.chunks(2 * width).zip(spare.chunks_mut(2 * width)) {
            let (left, right) = run.split_at(width.min(run.len()));
            let (mut l, mut r) = (0, 0);
            for slot in out.iter_mut() {
                let from_left = match (left.get(l), right.get(r)) {
                    (Some(&a), Some(&b)) => before(a, b),
                    (left, _) => left.is_some(),
                };
                if from_left {
                    *slot = left[l];
                    l += 1;
                } else {
                    *slot = right[r];
                    r += 1;
                }
            }
        }
        std::mem::swap(&mut order, &mut spare);
        width *= 2;
    }
    order
}

/// `items` sorted by [`by_name`] of their names (equal names: later items first), adjacent
/// equal items dropped. Through `by_name`, not `slice::sort`, for the reason given there;
/// items already in strictly increasing order (a host's sorted listing) are kept as they are.
pub(crate) fn sorted_distinct<T: PartialEq>(items: Vec<T>, name: impl Fn(&T) -> &str) -> Vec<T> {
    let order = {
        let names: Vec<&str> = items.iter().map(&name).collect();
        match names.windows(2).all(|w| w[0] < w[1]) {
            true => return items,
            false => by_name(&names),
        }
    };
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    let mut out: Vec<T> = order.into_iter().filter_map(|i| slots[i].take()).collect();
    out.dedup();
    out
}

/// A map's entries in name order, by reference.
pub struct Iter<'a, V> {
    names: std::slice::Iter<'a, String>,
    values: std::slice::Iter<'a, V>,
}

impl<'a, V> Iterator for Iter<'a, V> {
    type Item = (&'a str, &'a V);

    fn next(&mut self) -> Option<Self::Item> {
        Some((self.names.next()?, self.values.next()?))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.names.size_hint()
    }
}

impl<V> ExactSizeIterator for Iter<'_, V> {}

impl<'a, V> IntoIterator for &'a NameMap<V> {
    type Item = (&'a str, &'a V);
    type IntoIter = Iter<'a, V>;

    fn into_iter(self) -> Iter<'a, V> {
        self.iter()
    }
}

impl<V> IntoIterator for NameMap<V> {
    type Item = (String, V);
    type IntoIter = std::iter::Zip<std::vec::IntoIter<String>, std::vec::IntoIter<V>>;

    fn into_iter(self) -> Self::IntoIter {
        self.names.into_iter().zip(self.values)
    }
}

impl<V> FromIterator<(String, V)> for NameMap<V> {
    fn from_iter<I: IntoIterator<Item = (String, V)>>(entries: I) -> Self {
        let mut map = NameMap::new();
        map.push_all(entries);
        map
    }
}

impl<V> Extend<(String, V)> for NameMap<V> {
    fn extend<I: IntoIterator<Item = (String, V)>>(&mut self, entries: I) {
        self.push_all(entries);
    }
}

impl<V, const N: usize> From<[(String, V); N]> for NameMap<V> {
    fn from(entries: [(String, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

/// As a map (`{"a": 1}`), the way `BTreeMap` prints.
impl<V: fmt::Debug> fmt::Debug for NameMap<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A map of its entries in name order, as serde writes a `BTreeMap`.
impl<V: Serialize> Serialize for NameMap<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

/// From a map, as serde reads a `BTreeMap`: the same `expected a map` for another type, and a
/// name given twice keeps its last value.
impl<'de, V: Deserialize<'de>> Deserialize<'de> for NameMap<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(Entries(PhantomData))
    }
}

struct Entries<V>(PhantomData<V>);

impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
    type Value = NameMap<V>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<NameMap<V>, A::Error> {
        let mut map = NameMap::new();
        let mut error = None;
        map.push_all(std::iter::from_fn(|| match entries.next_entry() {
            Ok(entry) => entry,
            Err(e) => {
                error = Some(e);
                None
            }
        }));
        match error {
            Some(e) => Err(e),
            None => Ok(map),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The same operations on a `BTreeMap` and a `NameMap` leave the same entries, in the same
    /// order, with the same answers.
    #[test]
    fn behaves_as_a_btree_map() {
        // (op, name, value): 'i' insert, 'r' remove, 'e' extend with (name, value) and
        // (name, value + 1)
        let ops = [
            ('i', "read_file", 1),
            ('i', "bash", 2),
            ('i', "Bash", 3),
            ('i', "read_file", 4),
            ('r', "bash", 0),
            ('r', "nothing", 0),
            ('i', "", 5),
            ('e', "mcp(github)", 6),
            ('i', "é", 7),
            ('e', "Bash", 10),
            ('i', "e", 8),
            ('r', "read_file", 0),
            ('i', "bash", 9),
        ];
        let mut tree = BTreeMap::new();
        let mut mine = NameMap::default();
        for (op, name, value) in ops {
            match op {
                'i' => assert_eq!(
                    tree.insert(name.to_string(), value),
                    mine.insert(name.to_string(), value),
                    "insert {name}"
                ),
                'e' => {
                    let more = [("zz", 0), (name, value), ("a", 0), (name, value + 1)];
                    let more = more.map(|(n, v)| (n.to_string(), v));
                    tree.extend(more.clone());
                    mine.extend(more);
                }
                _ => assert_eq!(tree.remove(name), mine.remove(name), "remove {name}"),
            }
            let want: Vec<(&str, &i32)> = tree.iter().map(|(k, v)| (k.as_str(), v)).collect();
            assert_eq!(mine.iter().collect::<Vec<_>>(), want);
            assert_eq!(mine.len(), tree.len());
            for probe in ["read_file", "bash", "Bash", "", "é", "x", "zz"] {
                assert_eq!(mine.get(probe), tree.get(probe), "get {probe}");
                assert_eq!(mine.contains_key(probe), tree.contains_key(probe));
            }
        }
        mine.clear();
        assert!(mine.is_empty());
    }

    /// Collecting, reading and writing agree with `BTreeMap`'s, duplicates and order included.
    #[test]
    fn collects_reads_and_writes_as_a_btree_map() {
        let inputs: [&[(&str, i32)]; 6] = [
            &[],
            &[("a", 1)],
            &[("b", 1), ("a", 2), ("c", 3)],
            &[("x", 1), ("x", 2), ("x", 3)],
            &[("b", 1), ("a", 2), ("b", 3), ("a", 4), ("é", 5), ("B", 6)],
            &[
                ("e", 1),
                ("d", 2),
                ("c", 3),
                ("b", 4),
                ("a", 5),
                ("c", 6),
                ("f", 7),
            ],
        ];
        for input in inputs {
            let pairs = || input.iter().map(|&(k, v)| (k.to_string(), v));
            let tree: BTreeMap<String, i32> = pairs().collect();
            let mine: NameMap<i32> = pairs().collect();
            let want: Vec<(&str, &i32)> = tree.iter().map(|(k, v)| (k.as_str(), v)).collect();
            assert_eq!(mine.iter().collect::<Vec<_>>(), want, "{input:?}");
            assert_eq!(format!("{mine:?}"), format!("{tree:?}"));
            let json = serde_json::to_string(&mine).unwrap();
            assert_eq!(json, serde_json::to_string(&tree).unwrap());
            // Written by hand, duplicates and all.
            let text: Vec<String> = input.iter().map(|(k, v)| format!("{k:?}: {v}")).collect();
            let text = format!("{{{}}}", text.join(", "));
            let read: NameMap<i32> = serde_json::from_str(&text).unwrap();
            let tree_read: BTreeMap<String, i32> = serde_json::from_str(&text).unwrap();
            assert_eq!(read, mine, "{text}");
            assert_eq!(
                read.into_iter().collect::<Vec<_>>(),
                tree_read.into_iter().collect::<Vec<_>>()
            );
        }
        for bad in [
            "[]",
            "1",
            "\"x\"",
            "{\"a\": \"b\"}",
            "{\"a\": 1, \"b\": []}",
        ] {
            let mine = serde_json::from_str::<NameMap<i32>>(bad).unwrap_err();
            let tree = serde_json::from_str::<BTreeMap<String, i32>>(bad).unwrap_err();
            assert_eq!(mine.to_string(), tree.to_string(), "{bad}");
        }
    }

    #[test]
    fn sorts_many_names_latest_first() {
        let names: Vec<String> = (0..1000).map(|i| format!("{}", (i * 7919) % 503)).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let order = by_name(&refs);
        let mut want: Vec<usize> = (0..names.len()).collect();
        want.sort_by(|&a, &b| names[a].cmp(&names[b]).then(b.cmp(&a)));
        assert_eq!(order, want);
        let pairs = || names.iter().cloned().zip(0..);
        let mine: NameMap<i32> = pairs().collect();
        let tree: BTreeMap<String, i32> = pairs().collect();
        assert_eq!(
            mine.into_iter().collect::<Vec<_>>(),
            tree.into_iter().collect::<Vec<_>>()
        );
    }

    #[test]
    fn sorted_distinct_is_sort_and_dedup() {
        let names: Vec<String> = (0..600).map(|i| format!("{}", (i * 7919) % 251)).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut want = refs.clone();
        want.sort_unstable();
        want.dedup();
        assert_eq!(sorted_distinct(refs, |n| n), want);
        assert_eq!(
            sorted_distinct(vec!["b", "a-b", "a", "a/", "a"], |n| n),
            ["a", "a-b", "a/", "b"]
        );
        assert!(sorted_distinct(Vec::<&str>::new(), |n| n).is_empty());
        // already sorted: kept; sorted with a repeat: the repeat dropped
        assert_eq!(
            sorted_distinct(vec!["a", "a/", "b"], |n| n),
            ["a", "a/", "b"]
        );
        assert_eq!(sorted_distinct(vec!["a", "a", "b"], |n| n), ["a", "b"]);
    }
}
