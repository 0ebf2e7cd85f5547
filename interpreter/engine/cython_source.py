"""The generated engine's source as the compiled tier gives it to Cython.

Compiled by Cython as it stands, ``s.hands`` in generated code is a generic attribute lookup
(the type's dictionary, then the slot's descriptor): no faster than the interpreter, which
caches it. State keeps its fields in ``__slots__``, each at a fixed offset in the object.
Here the source is rewritten so that each read or write of a field of the state
(``s.hands``, ``s.current = nxt``, ``s.played |= bit``) becomes one load or store at that
offset, in C; and the legal plays of a mask, which the pure engine gathers from one byte
table per eight cards (``[*PLAYS_0[legal & 255], *PLAYS_1[legal >> 8 & 255], ...]``), are
gathered from the same tables by one C function, in the same order. The module also shuffles
a new deal's pack in C (``shuffle_pack``), draw for draw as ``random.Random.shuffle``.

The offsets are found when the compiled module is bound to the class that declares the slots
(``_bind(State, State.__slots__)``, from the slot descriptors themselves), never assumed.
Every function that reads the state first checks that it was given an instance of that
class, so a wrong argument is a TypeError, not a stray read. Only fields named in the slots
are rewritten; a method call (``s._end()``) or any other attribute stays a Python lookup.
"""
from __future__ import annotations

import ast

PRELUDE = r'''
from random import Random as _Random

cdef extern from *:
    """
    #include "structmember.h"
    #define ATOUT_MAX_SLOTS 256
    static Py_ssize_t atout_offset[ATOUT_MAX_SLOTS];
    static PyTypeObject* atout_owner = NULL;
    static PyObject* atout_names = NULL;
    static PyTypeObject* atout_seen = NULL;     /* the last type found to be the owner or under it */

    static inline __attribute__((always_inline)) PyObject* atout_get(PyObject* o, int i) {
        PyObject* v = *(PyObject**)((char*)o + atout_offset[i]);
        if (v == NULL) {
            PyErr_Format(PyExc_AttributeError, "'%.100s' object has no attribute '%U'",
                         Py_TYPE(o)->tp_name, PyTuple_GET_ITEM(atout_names, i));
            return NULL;
        }
        Py_INCREF(v);
        return v;
    }

    static inline __attribute__((always_inline)) int atout_set(PyObject* o, int i, PyObject* v) {
        PyObject** at = (PyObject**)((char*)o + atout_offset[i]);
        PyObject* old = *at;
        Py_INCREF(v);
        *at = v;
        Py_XDECREF(old);
        return 0;
    }

    static inline __attribute__((always_inline)) int atout_check(PyObject* o) {
        if (Py_TYPE(o) == atout_seen) return 0;
        if (atout_owner != NULL && PyObject_TypeCheck(o, atout_owner)) {
            Py_INCREF(Py_TYPE(o));         /* held, so that no other type can later take its address */
            Py_XSETREF(atout_seen, Py_TYPE(o));
            return 0;
        }
        PyErr_Format(PyExc_TypeError, "this compiled engine reads a %.100s, not an object of type %.100s",
                     atout_owner == NULL ? "state it was never bound to" : atout_owner->tp_name,
                     Py_TYPE(o)->tp_name);
        return -1;
    }

    /* [*tables[0][legal & 255], *tables[1][legal >> 8 & 255], ...]: the actions of the cards
       of the mask ``legal``, from one table of 256 tuples for each byte of it */
    static PyObject* atout_plays(PyObject* legal, PyObject* tables) {
        Py_ssize_t count = 0, at = 0, n = PyTuple_Check(tables) ? PyTuple_GET_SIZE(tables) : -1;
        unsigned char bytes[256];
        if (!PyLong_CheckExact(legal) || n < 0 || n > 256) {
            PyErr_SetString(PyExc_TypeError, "the plays of a mask need an int and a tuple of tables");
            return NULL;
        }
        Py_INCREF(legal);
        for (Py_ssize_t k = 0; k < n; k += 8) {
            unsigned long long word = PyLong_AsUnsignedLongLongMask(legal);
            PyObject *shift, *rest;
            if (word == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(legal); return NULL; }
            for (Py_ssize_t b = k; b < n && b < k + 8; b++) bytes[b] = (unsigned char)(word >> (8 * (b - k)));
            if (k + 8 >= n) break;
            shift = PyLong_FromLong(64);
            rest = shift == NULL ? NULL : PyNumber_Rshift(legal, shift);
            Py_XDECREF(shift);
            Py_DECREF(legal);
            if (rest == NULL) return NULL;
            legal = rest;
        }
        Py_DECREF(legal);
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject* table = PyTuple_GET_ITEM(tables, k);
            if (!PyTuple_Check(table) || PyTuple_GET_SIZE(table) != 256 || !PyTuple_Check(PyTuple_GET_ITEM(table, bytes[k]))) {
                PyErr_SetString(PyExc_TypeError, "a table of plays is not 256 tuples");
                return NULL;
            }
            count += PyTuple_GET_SIZE(PyTuple_GET_ITEM(table, bytes[k]));
        }
        PyObject* out = PyList_New(count);
        if (out == NULL) return NULL;
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject* plays = PyTuple_GET_ITEM(PyTuple_GET_ITEM(tables, k), bytes[k]);
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(plays); i++) {
                PyObject* play = PyTuple_GET_ITEM(plays, i);
                Py_INCREF(play);
                PyList_SET_ITEM(out, at++, play);
            }
        }
        return out;
    }

    /* random.Random.shuffle(items) for a random.Random and a list of at most 512 items, draw
       for draw: each index drawn is getrandbits(k) of one 32-bit output of the generator,
       shifted right by 32 - k (k the bit length of the count to draw below), drawn again while
       out of range. With i indices left to draw, i outputs at least are still to come: they
       are taken in one getrandbits(32 * i), its words lowest first: never one too many. */
    static inline int atout_shift(unsigned int n) {     /* 32 - the bit length of n (n > 0) */
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_clz(n);
    #else
        int k = 0;
        while (k < 32 && n >> k) k++;
        return 32 - k;
    #endif
    }

    static PyObject *atout_getrandbits = NULL, *atout_to_bytes = NULL, *atout_little = NULL;

    static int atout_draw(PyObject* rng, Py_ssize_t count, unsigned int* words) {
        PyObject* n = PyLong_FromSsize_t(32 * count);
        if (n == NULL) return -1;
        PyObject* draw[2] = {rng, n};
        PyObject* bits = PyObject_VectorcallMethod(atout_getrandbits, draw, 2, NULL);
        Py_DECREF(n);
        if (bits == NULL) return -1;
        PyObject* size = PyLong_FromSsize_t(4 * count);
        PyObject* convert[3] = {bits, size, atout_little};
        PyObject* bytes = size == NULL ? NULL : PyObject_VectorcallMethod(atout_to_bytes, convert, 3, NULL);
        Py_XDECREF(size);
        Py_DECREF(bits);
        if (bytes == NULL) return -1;
        if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != 4 * count) {
            Py_DECREF(bytes);
            PyErr_SetString(PyExc_TypeError, "getrandbits gave no int of the bits asked for");
            return -1;
        }
        const unsigned char* b = (const unsigned char*)PyBytes_AS_STRING(bytes);
        for (Py_ssize_t t = 0; t < count; t++, b += 4)
            words[t] = b[0] | b[1] << 8 | b[2] << 16 | (unsigned int)b[3] << 24;
        Py_DECREF(bytes);
        return 0;
    }

    static PyObject* atout_shuffle(PyObject* rng, PyObject* items) {
        unsigned int words[512];
        Py_ssize_t i = PyList_GET_SIZE(items) - 1;
        if (i >= 512) {
            PyErr_SetString(PyExc_ValueError, "atout_shuffle: more than 512 items (random.shuffle shuffles those)");
            return NULL;
        }
        if (atout_getrandbits == NULL) {
            atout_getrandbits = PyUnicode_InternFromString("getrandbits");
            atout_to_bytes = PyUnicode_InternFromString("to_bytes");
            atout_little = PyUnicode_InternFromString("little");
            if (atout_getrandbits == NULL || atout_to_bytes == NULL || atout_little == NULL) return NULL;
        }
        while (i > 0) {
            Py_ssize_t count = i;
            if (atout_draw(rng, count, words) < 0) return NULL;
            if (PyList_GET_SIZE(items) <= i) {
                PyErr_SetString(PyExc_RuntimeError, "the pack changed while it was shuffled");
                return NULL;
            }
            for (Py_ssize_t t = 0; t < count && i > 0; t++) {
                Py_ssize_t j = (Py_ssize_t)(words[t] >> atout_shift((unsigned int)(i + 1)));
                if (j <= i) {
                    PyObject* card = PyList_GET_ITEM(items, i);
                    PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, j));
                    PyList_SET_ITEM(items, j, card);
                    i--;
                }
            }
        }
        Py_RETURN_NONE;
    }

    static int atout_bind(PyObject* owner, PyObject* names) {
        if (!PyType_Check(owner) || !PyTuple_Check(names) || PyTuple_GET_SIZE(names) > ATOUT_MAX_SLOTS) {
            PyErr_SetString(PyExc_TypeError, "_bind(owner, names): a class and at most 256 slot names");
            return -1;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(names); i++) {
            PyObject* name = PyTuple_GET_ITEM(names, i);
            PyObject* slot = PyDict_GetItemWithError(((PyTypeObject*)owner)->tp_dict, name);
            if (slot == NULL || !Py_IS_TYPE(slot, &PyMemberDescr_Type)
                    || ((PyMemberDescrObject*)slot)->d_member->type != T_OBJECT_EX) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_TypeError, "%R is not a slot of %.100s", name, ((PyTypeObject*)owner)->tp_name);
                return -1;
            }
            atout_offset[i] = ((PyMemberDescrObject*)slot)->d_member->offset;
        }
        Py_INCREF(owner);
        Py_XSETREF(atout_owner, (PyTypeObject*)owner);
        Py_CLEAR(atout_seen);
        Py_INCREF(names);
        Py_XSETREF(atout_names, names);
        return 0;
    }
    """
    object atout_get(object o, int i)
    int atout_set(object o, int i, object v) except -1
    int atout_check(object o) except -1
    int atout_bind(object owner, object names) except -1
    object atout_plays(object legal, object tables)
    object atout_shuffle(object rng, list items)


def _bind(owner, names):
    """Find the offsets of ``names``, the slots ``owner`` declares, in that order."""
    atout_bind(owner, names)


def shuffle_pack(rng, items):
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (shuffle.py), in C for
    a random.Random and a list of at most 512 items."""
    if type(rng) is not _Random or type(items) is not list or len(items) > 512:
        rng.shuffle(items)
        return
    atout_shuffle(rng, items)
'''


def cython_source(source: str, slots: tuple[str, ...]) -> str:
    """``source`` (generated engine code, plain Python) as Cython source whose reads and
    writes of the fields ``slots`` of the state go straight to memory, and whose plays of a
    mask come from one C function (see the module). The state is ``s``,
    the first parameter of a function, or ``self`` from the line that makes it
    (``self = cls.__new__(cls)``); each is checked once, where it appears."""
    tree = _Direct(slots).visit(ast.parse(source))
    ast.fix_missing_locations(tree)
    return PRELUDE + "\n" + ast.unparse(tree) + "\n"


def _call(name: str, *args: ast.expr) -> ast.Call:
    return ast.Call(ast.Name(name, ast.Load()), list(args), [])


class _Direct(ast.NodeTransformer):
    """Rewrites the top-level functions of generated code; nested functions and lambdas are
    left as they are (their ``s`` could be another object)."""

    def __init__(self, slots: tuple[str, ...]):
        self.index = {name: i for i, name in enumerate(slots)}
        self.owner: str | None = None
        self.depth = 0

    def _field(self, node: ast.AST) -> bool:
        return (self.owner is not None and isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == self.owner and node.attr in self.index)

    def _get(self, node: ast.Attribute) -> ast.Call:
        return _call("atout_get", ast.Name(node.value.id, ast.Load()), ast.Constant(self.index[node.attr]))

    def _set(self, target: ast.Attribute, value: ast.expr) -> ast.Expr:
        return ast.Expr(_call("atout_set", ast.Name(target.value.id, ast.Load()), ast.Constant(self.index[target.attr]),
                              value))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if self.depth:
            return node
        params = [a.arg for a in node.args.args]
        self.owner = "s" if params[:1] == ["s"] else None
        self.depth += 1
        body = [self.visit(statement) for statement in node.body]
        self.depth -= 1
        node.body = [item for statement in body for item in (statement if isinstance(statement, list) else [statement])]
        if self.owner == "s":
            at = 1 if ast.get_docstring(node) is not None else 0
            node.body.insert(at, ast.Expr(_call("atout_check", ast.Name("s", ast.Load()))))
        self.owner = None
        return node

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return node

    def visit_List(self, node: ast.List) -> ast.AST:
        mask = _plays_mask(node)
        if mask is None:
            self.generic_visit(node)
            return node
        tables = ast.Tuple([element.value.value for element in node.elts], ast.Load())
        return ast.copy_location(_call("atout_plays", self.visit(mask), tables), node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if self._field(node) and isinstance(node.ctx, ast.Load):
            return ast.copy_location(self._get(node), node)
        self.generic_visit(node)
        return node

    def visit_Assign(self, node: ast.Assign) -> ast.AST | list[ast.stmt]:
        node.value = self.visit(node.value)
        made = _made_state(node)
        if made is not None:
            self.owner = made
            return [node, ast.copy_location(ast.Expr(_call("atout_check", ast.Name(made, ast.Load()))), node)]
        if not any(self._field(target) for target in node.targets):
            node.targets = [self.visit(target) for target in node.targets]
            return node
        if len(node.targets) == 1:
            return ast.copy_location(self._set(node.targets[0], node.value), node)
        out: list[ast.stmt] = [ast.Assign([ast.Name("_field_value", ast.Store())], node.value)]
        for target in node.targets:
            out.append(self._set(target, ast.Name("_field_value", ast.Load())) if self._field(target)
                       else ast.Assign([self.visit(target)], ast.Name("_field_value", ast.Load())))
        return [ast.copy_location(statement, node) for statement in out]

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        node.value = self.visit(node.value)
        if not self._field(node.target):
            node.target = self.visit(node.target)
            return node
        return ast.copy_location(self._set(node.target, ast.BinOp(self._get(node.target), node.op, node.value)), node)


def _plays_mask(node: ast.List) -> ast.expr | None:
    """``legal`` when ``node`` is ``[*PLAYS_0[legal & 255], *PLAYS_1[legal >> 8 & 255], ...]``,
    the legal plays of a mask as generate.py writes them: a table per byte, from the lowest."""
    mask = None
    for k, element in enumerate(node.elts):
        if not (isinstance(element, ast.Starred) and isinstance(element.value, ast.Subscript)
                and isinstance(element.value.value, ast.Name) and element.value.value.id.startswith("PLAYS_")):
            return None
        index = element.value.slice
        if not (isinstance(index, ast.BinOp) and isinstance(index.op, ast.BitAnd)
                and isinstance(index.right, ast.Constant) and index.right.value == 255):
            return None
        word = index.left
        if k:
            if not (isinstance(word, ast.BinOp) and isinstance(word.op, ast.RShift)
                    and isinstance(word.right, ast.Constant) and word.right.value == 8 * k):
                return None
            word = word.left
        if not isinstance(word, ast.Name) or (mask is not None and word.id != mask.id):
            return None
        mask = word
    return mask


def _made_state(node: ast.Assign) -> str | None:
    """``self`` for ``self = cls.__new__(cls)``: the state a generated ``start`` makes."""
    if (len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "self"
            and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)
            and node.value.func.attr == "__new__"):
        return "self"
    return None
