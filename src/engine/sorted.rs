//! The engine's maps and sets of tool names: one sorted vector each, found by binary search.
//!
//! They hold a handful of names each. A `BTreeMap`/`BTreeSet` per value type would each carry
//! their own copy of the tree's insert, remove, rebalance and drop code into the wasm
//! (docs/size.md); a vector's insert and remove are a move of its tail. Iteration is in the
//! same order (`str`'s byte order) as the trees'.

/// Names to values, sorted by name, each name once.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NameMap<V> {
    entries: Vec<(String, V)>,
}

/// Names, sorted, each once.
pub(crate) type NameSet = NameMap<()>;

impl<V> Default for NameMap<V> {
    fn default() -> Self {
        NameMap {
            entries: Vec::new(),
        }
    }
}

impl<V> NameMap<V> {
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(name))
    }

    pub fn get_key_value(&self, name: &str) -> Option<(&str, &V)> {
        let (k, v) = self.entries.get(self.find(name).ok()?)?;
        Some((k, v))
    }

    pub fn get(&self, name: &str) -> Option<&V> {
        self.get_key_value(name).map(|(_, v)| v)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Sets `name`'s value; `true` when the name was not there before (as `BTreeSet::insert`;
    /// an existing name keeps its first spelling, as in the trees).
    pub fn insert(&mut self, name: String, value: V) -> bool {
        match self.find(&name) {
            Ok(at) => {
                if let Some(slot) = self.entries.get_mut(at) {
                    slot.1 = value;
                }
                false
            }
            Err(at) => {
                self.entries.insert(at, (name, value));
                true
            }
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<V> {
        let at = self.find(name).ok()?;
        Some(self.entries.remove(at).1)
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// In name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &V)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// In order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| k.as_str())
    }
}

impl NameSet {
    /// Adds `name`; `true` when it was not there.
    pub fn add(&mut self, name: String) -> bool {
        self.insert(name, ())
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
        // (op, name, value): 'i' insert, 'r' remove
        let ops = [
            ('i', "read_file", 1),
            ('i', "bash", 2),
            ('i', "Bash", 3),
            ('i', "read_file", 4),
            ('r', "bash", 0),
            ('r', "nothing", 0),
            ('i', "", 5),
            ('i', "mcp(github)", 6),
            ('i', "é", 7),
            ('i', "e", 8),
            ('r', "read_file", 0),
            ('i', "bash", 9),
        ];
        let mut tree = BTreeMap::new();
        let mut mine = NameMap::default();
        for (op, name, value) in ops {
            match op {
                'i' => assert_eq!(
                    tree.insert(name.to_string(), value).is_none(),
                    mine.insert(name.to_string(), value),
                    "insert {name}"
                ),
                _ => assert_eq!(tree.remove(name), mine.remove(name), "remove {name}"),
            }
            let want: Vec<(&str, &i32)> = tree.iter().map(|(k, v)| (k.as_str(), v)).collect();
            assert_eq!(mine.iter().collect::<Vec<_>>(), want);
            assert_eq!(mine.len(), tree.len());
            for probe in ["read_file", "bash", "Bash", "", "é", "x"] {
                assert_eq!(mine.get(probe), tree.get(probe), "get {probe}");
                assert_eq!(mine.contains(probe), tree.contains_key(probe));
            }
        }
        mine.clear();
        assert_eq!(mine.len(), 0);
    }
}
