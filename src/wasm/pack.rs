//! Core → JS as a packed record: the outputs of `check`, `validate`, `explain` and
//! `analyseCommand` written by their serde `Serialize` (the core's types stay the one statement
//! of the shape) into a tape of 16-bit units that `read_call.js` decodes into the object
//! [`super::owned`] ([`super::write::to_js`]) builds: the same keys in the same order, a
//! skipped `None` absent, an unskipped one `undefined`, unit variants as their names. The
//! tape stays in wasm memory (the layer reads it through a view); the strings that are not
//! names cross as ONE JS string, their texts one after another (none: no string at all).
//! That is one decode instead of a JS call per field and a decode per string.
//!
//! The tape: the count of units after the header, then the record's serial number (two units,
//! low half first: a new one for every record, so the layer can tell that a method ran while it
//! decoded, and the tape is another record's), then one value, each of:
//! - [`OBJECT`] (name value)* [`END_OBJECT`]: an object, each key a name.
//! - [`ARRAY`] value* [`END_ARRAY`].
//! - [`STRING`] and two units, the low and high halves of its length in UTF-16 code units
//!   (JS's `length`): the next that many units of the text.
//! - [`TRUE`], [`FALSE`], [`UNDEFINED`] (a `None` or `()`); [`INTEGER`] or [`NEGATIVE`] and
//!   four units, the magnitude's 16-bit digits, lowest first (at most 2^53 - 1).
//! - a name: [`NAME`] plus its number in [`names`]: the fixed texts the core answers with
//!   (codes, steps, decisions, localities, trace outcomes; a string equal to one is written
//!   as its name), then field names by address, numbered as first written. The layer fetches
//!   the list when it meets a number it does not have yet (the list only grows).
//!
//! Anything else a type could hold (floats, maps, bytes, enum variants with data, integers
//! beyond 2^53, a tape longer than [`TAPE_UNITS`]) is an error: the facade then hands out
//! [`super::owned`]'s object instead.

use std::cell::RefCell;
use std::fmt;

use js_sys::Array;
use serde::ser::{self, Impossible, Serialize};
use wasm_bindgen::JsValue;

use crate::verdict::{Decision, Locality, Step};

const OBJECT: u16 = 1;
const END_OBJECT: u16 = 2;
const ARRAY: u16 = 3;
const END_ARRAY: u16 = 4;
const TRUE: u16 = 5;
const FALSE: u16 = 6;
const UNDEFINED: u16 = 7;
const STRING: u16 = 8;
const INTEGER: u16 = 9;
const NEGATIVE: u16 = 10;
/// The first name's unit.
const NAME: u16 = 16;

/// The tape's room: never reallocated, so its address stays the layer's to read.
const TAPE_UNITS: usize = 8192;

/// The texts written as names. A text missing here is written out in full: it costs speed,
/// never a wrong value (a string is a name only when equal to it).
fn fixed_texts() -> Vec<&'static str> {
    let decisions = [Decision::Allow, Decision::Prompt, Decision::Deny];
    let localities = [Locality::Local, Locality::External, Locality::None];
    let codes = crate::codes::VALIDATION
        .iter()
        .chain(crate::codes::RESOLUTION);
    let mut texts: Vec<&'static str> = codes.copied().collect();
    texts.extend(Step::ALL.map(Step::as_str));
    texts.extend(decisions.map(Decision::as_str));
    texts.extend(localities.map(Locality::as_str));
    texts.extend(["decided", "passed", "skipped"]); // explain's step outcomes
    texts
}

struct Names {
    /// The fixed texts by length (those of length `n` at `starts[n]..starts[n + 1]`), then
    /// the field names.
    list: Vec<&'static str>,
    starts: Vec<usize>,
}

impl Names {
    fn fixed(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The number of the fixed text equal to `s`, if any.
    fn find_fixed(&self, s: &str) -> Option<usize> {
        let from = *self.starts.get(s.len())?;
        let to = *self.starts.get(s.len() + 1)?;
        (from..to).find(|&i| self.list[i] == s)
    }

    /// The number of the field name `key` (by address), numbered now if new.
    fn field(&mut self, key: &'static str) -> usize {
        let fixed = self.fixed();
        let same = |k: &&str| std::ptr::eq(k.as_ptr(), key.as_ptr()) && k.len() == key.len();
        match self.list[fixed..].iter().position(same) {
            Some(i) => fixed + i,
            None => {
                self.list.push(key);
                self.list.len() - 1
            }
        }
    }
}

thread_local! {
    static NAMES: RefCell<Names> =
        const { RefCell::new(Names { list: Vec::new(), starts: Vec::new() }) };
    /// The tape, and the texts' buffer: kept from record to record.
    static BUFFERS: RefCell<(Vec<u16>, String)> = const { RefCell::new((Vec::new(), String::new())) };
    static SERIAL: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The units before the value: the count, the serial's two halves.
const HEADER: usize = 3;

/// Runs `f` on the names, the fixed texts in place.
fn with_names<R>(f: impl FnOnce(&mut Names) -> R) -> R {
    NAMES.with(|cell| {
        let mut names = cell.borrow_mut();
        if names.starts.is_empty() {
            let texts = fixed_texts();
            let longest = texts.iter().map(|t| t.len()).max().unwrap_or(0);
            names.starts.push(0);
            for n in 0..=longest {
                names.list.extend(texts.iter().filter(|t| t.len() == n));
                let end = names.list.len();
                names.starts.push(end);
            }
        }
        f(&mut names)
    })
}

/// Every name so far, in number order (the layer's copy).
pub(super) fn names() -> Array {
    let list = with_names(|n| n.list.clone());
    super::owned::strings(list)
}

/// The tape's address in wasm memory (the same for every record).
pub(super) fn tape_address() -> u32 {
    BUFFERS.with(|b| {
        let tape = &mut b.borrow_mut().0;
        if tape.capacity() < TAPE_UNITS {
            *tape = Vec::with_capacity(TAPE_UNITS);
        }
        tape.as_ptr() as u32
    })
}

/// `value` packed: the tape written at [`tape_address`] and its texts returned as a JS string;
/// `None` when it holds something the record cannot (the tape then holds no record).
pub(super) fn pack<T: Serialize + ?Sized>(value: &T) -> Option<JsValue> {
    pack_with(&mut |packer| value.serialize(packer).is_ok())
}

/// [`pack`]'s body, written once for every packed type: `write` serializes the value.
#[inline(never)]
fn pack_with(write: &mut dyn FnMut(&mut Packer) -> bool) -> Option<JsValue> {
    tape_address();
    let serial = SERIAL.with(|s| {
        s.set(s.get().wrapping_add(1));
        s.get()
    });
    with_names(|names| {
        BUFFERS.with(|b| {
            let (tape, texts) = &mut *b.borrow_mut();
            tape.clear();
            tape.extend([0, serial as u16, (serial >> 16) as u16]);
            texts.clear();
            let done = write(&mut Packer { names, tape, texts });
            let units = u16::try_from(tape.len() - HEADER).ok().filter(|_| done);
            tape[0] = units.unwrap_or(0);
            units?;
            let js = match texts.is_empty() {
                true => super::write::label("").clone(),
                false => JsValue::from_str(texts),
            };
            // A long command's texts are not kept.
            if texts.capacity() > 1 << 16 {
                *texts = String::new();
            }
            Some(js)
        })
    })
}

struct Packer<'a> {
    names: &'a mut Names,
    tape: &'a mut Vec<u16>,
    texts: &'a mut String,
}

/// A value a serializer of the facade has no form for (here: the record; in `owned.rs`: JS).
#[derive(Debug)]
pub(super) struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no form for this value")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unsupported
    }
}

type Done = Result<(), Unsupported>;

impl Packer<'_> {
    /// One unit; past the tape's room, an error (the tape is never reallocated).
    fn unit(&mut self, u: u16) -> Done {
        if self.tape.len() >= TAPE_UNITS {
            return Err(Unsupported);
        }
        self.tape.push(u);
        Ok(())
    }

    fn text(&mut self, s: &str) -> Done {
        if let Some(n) = self.names.find_fixed(s) {
            return self.name(n);
        }
        // UTF-16 units: one per character, two for one outside the BMP (a 4-byte sequence).
        let units = if s.is_ascii() {
            s.len()
        } else {
            s.bytes()
                .map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
                .sum()
        };
        let units = u32::try_from(units).map_err(|_| Unsupported)?;
        self.unit(STRING)?;
        self.unit(units as u16)?;
        self.unit((units >> 16) as u16)?;
        self.texts.push_str(s);
        Ok(())
    }

    /// The name numbered `n`.
    fn name(&mut self, n: usize) -> Done {
        let unit = u16::try_from(n + usize::from(NAME)).map_err(|_| Unsupported)?;
        self.unit(unit)
    }

    fn key(&mut self, key: &'static str) -> Done {
        let n = self.names.field(key);
        self.name(n)
    }

    fn integer(&mut self, v: impl Into<i128>) -> Done {
        // the integers a JS number holds exactly (beyond them, the object path answers)
        const SAFE: u128 = (1 << 53) - 1;
        let v = v.into();
        let magnitude = v.unsigned_abs();
        if magnitude > SAFE {
            return Err(Unsupported);
        }
        self.unit(if v < 0 { NEGATIVE } else { INTEGER })?;
        for digit in 0..4 {
            self.unit((magnitude >> (16 * digit)) as u16)?;
        }
        Ok(())
    }
}

impl<'a, 'b> ser::Serializer for &'a mut Packer<'b> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn serialize_bool(self, v: bool) -> Done {
        self.unit(if v { TRUE } else { FALSE })
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.integer(v)
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.integer(v)
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.integer(v)
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.integer(v)
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.integer(v)
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.integer(v)
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.integer(v)
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.integer(v)
    }
    fn serialize_f32(self, _: f32) -> Done {
        Err(Unsupported)
    }
    fn serialize_f64(self, _: f64) -> Done {
        Err(Unsupported)
    }
    fn serialize_char(self, v: char) -> Done {
        self.text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        self.text(v)
    }
    fn serialize_bytes(self, _: &[u8]) -> Done {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Done {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.unit(UNDEFINED)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.text(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Done {
        Err(Unsupported)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Unsupported> {
        self.unit(ARRAY)?;
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, Unsupported> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Self, Unsupported> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        self.unit(OBJECT)?;
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}

impl ser::SerializeSeq for &mut Packer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.unit(END_ARRAY)
    }
}

impl ser::SerializeTuple for &mut Packer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Done {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for &mut Packer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Done {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeStruct for &mut Packer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
        self.key(key)?;
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, _: &'static str) -> Done {
        Ok(())
    }
    fn end(self) -> Done {
        self.unit(END_OBJECT)
    }
}
