#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  getOctokit,
  require_light,
  retry
} from "./chunk-UZOHE6H5.js";
import {
  parseContractToml
} from "./chunk-JT7UOT5N.js";
import {
  checkoutLine,
  isolationLine,
  selfValidationLine
} from "./chunk-QP6GTK5V.js";
import {
  CONFIG_FILE,
  CONTRACTS_DIR
} from "./chunk-FYPUW5VX.js";
import {
  ContractError,
  decidePathFilter
} from "./chunk-DOXTN74J.js";
import {
  ledgerBundleFileName
} from "./chunk-NNA3ZP3Y.js";
import {
  checkReceipt
} from "./chunk-VKZ2G2RE.js";
import {
  HUMAN_REVIEW_KIND,
  appendHumanReviewToBundle,
  createNodeCrypto,
  parseBundle,
  parseTrustedKeys,
  readEntries,
  readPayload,
  rolePin,
  verifyBundle
} from "./chunk-BDGAFJNY.js";
import {
  external_exports
} from "./chunk-I4XCSEVK.js";
import {
  __commonJS,
  __toESM
} from "./chunk-C24IPAXU.js";

// node_modules/bottleneck/lib/parser.js
var require_parser = __commonJS({
  "node_modules/bottleneck/lib/parser.js"(exports2) {
    "use strict";
    exports2.load = function(received, defaults, onto = {}) {
      var k, ref, v;
      for (k in defaults) {
        v = defaults[k];
        onto[k] = (ref = received[k]) != null ? ref : v;
      }
      return onto;
    };
    exports2.overwrite = function(received, defaults, onto = {}) {
      var k, v;
      for (k in received) {
        v = received[k];
        if (defaults[k] !== void 0) {
          onto[k] = v;
        }
      }
      return onto;
    };
  }
});

// node_modules/bottleneck/lib/DLList.js
var require_DLList = __commonJS({
  "node_modules/bottleneck/lib/DLList.js"(exports2, module2) {
    "use strict";
    var DLList;
    DLList = class DLList {
      constructor(incr, decr) {
        this.incr = incr;
        this.decr = decr;
        this._first = null;
        this._last = null;
        this.length = 0;
      }
      push(value) {
        var node;
        this.length++;
        if (typeof this.incr === "function") {
          this.incr();
        }
        node = {
          value,
          prev: this._last,
          next: null
        };
        if (this._last != null) {
          this._last.next = node;
          this._last = node;
        } else {
          this._first = this._last = node;
        }
        return void 0;
      }
      shift() {
        var value;
        if (this._first == null) {
          return;
        } else {
          this.length--;
          if (typeof this.decr === "function") {
            this.decr();
          }
        }
        value = this._first.value;
        if ((this._first = this._first.next) != null) {
          this._first.prev = null;
        } else {
          this._last = null;
        }
        return value;
      }
      first() {
        if (this._first != null) {
          return this._first.value;
        }
      }
      getArray() {
        var node, ref, results;
        node = this._first;
        results = [];
        while (node != null) {
          results.push((ref = node, node = node.next, ref.value));
        }
        return results;
      }
      forEachShift(cb) {
        var node;
        node = this.shift();
        while (node != null) {
          cb(node), node = this.shift();
        }
        return void 0;
      }
      debug() {
        var node, ref, ref1, ref2, results;
        node = this._first;
        results = [];
        while (node != null) {
          results.push((ref = node, node = node.next, {
            value: ref.value,
            prev: (ref1 = ref.prev) != null ? ref1.value : void 0,
            next: (ref2 = ref.next) != null ? ref2.value : void 0
          }));
        }
        return results;
      }
    };
    module2.exports = DLList;
  }
});

// node_modules/bottleneck/lib/Events.js
var require_Events = __commonJS({
  "node_modules/bottleneck/lib/Events.js"(exports2, module2) {
    "use strict";
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var Events2;
    Events2 = class Events {
      constructor(instance) {
        this.instance = instance;
        this._events = {};
        if (this.instance.on != null || this.instance.once != null || this.instance.removeAllListeners != null) {
          throw new Error("An Emitter already exists for this object");
        }
        this.instance.on = (name, cb) => {
          return this._addListener(name, "many", cb);
        };
        this.instance.once = (name, cb) => {
          return this._addListener(name, "once", cb);
        };
        this.instance.removeAllListeners = (name = null) => {
          if (name != null) {
            return delete this._events[name];
          } else {
            return this._events = {};
          }
        };
      }
      _addListener(name, status, cb) {
        var base;
        if ((base = this._events)[name] == null) {
          base[name] = [];
        }
        this._events[name].push({
          cb,
          status
        });
        return this.instance;
      }
      listenerCount(name) {
        if (this._events[name] != null) {
          return this._events[name].length;
        } else {
          return 0;
        }
      }
      trigger(name, ...args) {
        var _this = this;
        return _asyncToGenerator2(function* () {
          var e, promises;
          try {
            if (name !== "debug") {
              _this.trigger("debug", `Event triggered: ${name}`, args);
            }
            if (_this._events[name] == null) {
              return;
            }
            _this._events[name] = _this._events[name].filter(function(listener) {
              return listener.status !== "none";
            });
            promises = _this._events[name].map(
              /* @__PURE__ */ (function() {
                var _ref = _asyncToGenerator2(function* (listener) {
                  var e2, returned;
                  if (listener.status === "none") {
                    return;
                  }
                  if (listener.status === "once") {
                    listener.status = "none";
                  }
                  try {
                    returned = typeof listener.cb === "function" ? listener.cb(...args) : void 0;
                    if (typeof (returned != null ? returned.then : void 0) === "function") {
                      return yield returned;
                    } else {
                      return returned;
                    }
                  } catch (error) {
                    e2 = error;
                    if (true) {
                      _this.trigger("error", e2);
                    }
                    return null;
                  }
                });
                return function(_x) {
                  return _ref.apply(this, arguments);
                };
              })()
            );
            return (yield Promise.all(promises)).find(function(x) {
              return x != null;
            });
          } catch (error) {
            e = error;
            if (true) {
              _this.trigger("error", e);
            }
            return null;
          }
        })();
      }
    };
    module2.exports = Events2;
  }
});

// node_modules/bottleneck/lib/Queues.js
var require_Queues = __commonJS({
  "node_modules/bottleneck/lib/Queues.js"(exports2, module2) {
    "use strict";
    var DLList;
    var Events2;
    var Queues;
    DLList = require_DLList();
    Events2 = require_Events();
    Queues = class Queues {
      constructor(num_priorities) {
        var i;
        this.Events = new Events2(this);
        this._length = 0;
        this._lists = function() {
          var j, ref, results;
          results = [];
          for (i = j = 1, ref = num_priorities; 1 <= ref ? j <= ref : j >= ref; i = 1 <= ref ? ++j : --j) {
            results.push(new DLList(() => {
              return this.incr();
            }, () => {
              return this.decr();
            }));
          }
          return results;
        }.call(this);
      }
      incr() {
        if (this._length++ === 0) {
          return this.Events.trigger("leftzero");
        }
      }
      decr() {
        if (--this._length === 0) {
          return this.Events.trigger("zero");
        }
      }
      push(job) {
        return this._lists[job.options.priority].push(job);
      }
      queued(priority) {
        if (priority != null) {
          return this._lists[priority].length;
        } else {
          return this._length;
        }
      }
      shiftAll(fn) {
        return this._lists.forEach(function(list) {
          return list.forEachShift(fn);
        });
      }
      getFirst(arr = this._lists) {
        var j, len, list;
        for (j = 0, len = arr.length; j < len; j++) {
          list = arr[j];
          if (list.length > 0) {
            return list;
          }
        }
        return [];
      }
      shiftLastFrom(priority) {
        return this.getFirst(this._lists.slice(priority).reverse()).shift();
      }
    };
    module2.exports = Queues;
  }
});

// node_modules/bottleneck/lib/BottleneckError.js
var require_BottleneckError = __commonJS({
  "node_modules/bottleneck/lib/BottleneckError.js"(exports2, module2) {
    "use strict";
    var BottleneckError;
    BottleneckError = class BottleneckError extends Error {
    };
    module2.exports = BottleneckError;
  }
});

// node_modules/bottleneck/lib/Job.js
var require_Job = __commonJS({
  "node_modules/bottleneck/lib/Job.js"(exports2, module2) {
    "use strict";
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var BottleneckError;
    var DEFAULT_PRIORITY;
    var Job;
    var NUM_PRIORITIES;
    var parser2;
    NUM_PRIORITIES = 10;
    DEFAULT_PRIORITY = 5;
    parser2 = require_parser();
    BottleneckError = require_BottleneckError();
    Job = class Job {
      constructor(task, args, options2, jobDefaults, rejectOnDrop, Events2, _states, Promise2) {
        this.task = task;
        this.args = args;
        this.rejectOnDrop = rejectOnDrop;
        this.Events = Events2;
        this._states = _states;
        this.Promise = Promise2;
        this.options = parser2.load(options2, jobDefaults);
        this.options.priority = this._sanitizePriority(this.options.priority);
        if (this.options.id === jobDefaults.id) {
          this.options.id = `${this.options.id}-${this._randomIndex()}`;
        }
        this.promise = new this.Promise((_resolve, _reject) => {
          this._resolve = _resolve;
          this._reject = _reject;
        });
        this.retryCount = 0;
      }
      _sanitizePriority(priority) {
        var sProperty;
        sProperty = ~~priority !== priority ? DEFAULT_PRIORITY : priority;
        if (sProperty < 0) {
          return 0;
        } else if (sProperty > NUM_PRIORITIES - 1) {
          return NUM_PRIORITIES - 1;
        } else {
          return sProperty;
        }
      }
      _randomIndex() {
        return Math.random().toString(36).slice(2);
      }
      doDrop({
        error,
        message = "This job has been dropped by Bottleneck"
      } = {}) {
        if (this._states.remove(this.options.id)) {
          if (this.rejectOnDrop) {
            this._reject(error != null ? error : new BottleneckError(message));
          }
          this.Events.trigger("dropped", {
            args: this.args,
            options: this.options,
            task: this.task,
            promise: this.promise
          });
          return true;
        } else {
          return false;
        }
      }
      _assertStatus(expected) {
        var status;
        status = this._states.jobStatus(this.options.id);
        if (!(status === expected || expected === "DONE" && status === null)) {
          throw new BottleneckError(`Invalid job status ${status}, expected ${expected}. Please open an issue at https://github.com/SGrondin/bottleneck/issues`);
        }
      }
      doReceive() {
        this._states.start(this.options.id);
        return this.Events.trigger("received", {
          args: this.args,
          options: this.options
        });
      }
      doQueue(reachedHWM, blocked) {
        this._assertStatus("RECEIVED");
        this._states.next(this.options.id);
        return this.Events.trigger("queued", {
          args: this.args,
          options: this.options,
          reachedHWM,
          blocked
        });
      }
      doRun() {
        if (this.retryCount === 0) {
          this._assertStatus("QUEUED");
          this._states.next(this.options.id);
        } else {
          this._assertStatus("EXECUTING");
        }
        return this.Events.trigger("scheduled", {
          args: this.args,
          options: this.options
        });
      }
      doExecute(chained, clearGlobalState, run, free) {
        var _this = this;
        return _asyncToGenerator2(function* () {
          var error, eventInfo, passed;
          if (_this.retryCount === 0) {
            _this._assertStatus("RUNNING");
            _this._states.next(_this.options.id);
          } else {
            _this._assertStatus("EXECUTING");
          }
          eventInfo = {
            args: _this.args,
            options: _this.options,
            retryCount: _this.retryCount
          };
          _this.Events.trigger("executing", eventInfo);
          try {
            passed = yield chained != null ? chained.schedule(_this.options, _this.task, ..._this.args) : _this.task(..._this.args);
            if (clearGlobalState()) {
              _this.doDone(eventInfo);
              yield free(_this.options, eventInfo);
              _this._assertStatus("DONE");
              return _this._resolve(passed);
            }
          } catch (error1) {
            error = error1;
            return _this._onFailure(error, eventInfo, clearGlobalState, run, free);
          }
        })();
      }
      doExpire(clearGlobalState, run, free) {
        var error, eventInfo;
        if (this._states.jobStatus(this.options.id === "RUNNING")) {
          this._states.next(this.options.id);
        }
        this._assertStatus("EXECUTING");
        eventInfo = {
          args: this.args,
          options: this.options,
          retryCount: this.retryCount
        };
        error = new BottleneckError(`This job timed out after ${this.options.expiration} ms.`);
        return this._onFailure(error, eventInfo, clearGlobalState, run, free);
      }
      _onFailure(error, eventInfo, clearGlobalState, run, free) {
        var _this2 = this;
        return _asyncToGenerator2(function* () {
          var retry2, retryAfter;
          if (clearGlobalState()) {
            retry2 = yield _this2.Events.trigger("failed", error, eventInfo);
            if (retry2 != null) {
              retryAfter = ~~retry2;
              _this2.Events.trigger("retry", `Retrying ${_this2.options.id} after ${retryAfter} ms`, eventInfo);
              _this2.retryCount++;
              return run(retryAfter);
            } else {
              _this2.doDone(eventInfo);
              yield free(_this2.options, eventInfo);
              _this2._assertStatus("DONE");
              return _this2._reject(error);
            }
          }
        })();
      }
      doDone(eventInfo) {
        this._assertStatus("EXECUTING");
        this._states.next(this.options.id);
        return this.Events.trigger("done", eventInfo);
      }
    };
    module2.exports = Job;
  }
});

// node_modules/bottleneck/lib/LocalDatastore.js
var require_LocalDatastore = __commonJS({
  "node_modules/bottleneck/lib/LocalDatastore.js"(exports2, module2) {
    "use strict";
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var BottleneckError;
    var LocalDatastore;
    var parser2;
    parser2 = require_parser();
    BottleneckError = require_BottleneckError();
    LocalDatastore = class LocalDatastore {
      constructor(instance, storeOptions, storeInstanceOptions) {
        this.instance = instance;
        this.storeOptions = storeOptions;
        this.clientId = this.instance._randomIndex();
        parser2.load(storeInstanceOptions, storeInstanceOptions, this);
        this._nextRequest = this._lastReservoirRefresh = this._lastReservoirIncrease = Date.now();
        this._running = 0;
        this._done = 0;
        this._unblockTime = 0;
        this.ready = this.Promise.resolve();
        this.clients = {};
        this._startHeartbeat();
      }
      _startHeartbeat() {
        var base;
        if (this.heartbeat == null && (this.storeOptions.reservoirRefreshInterval != null && this.storeOptions.reservoirRefreshAmount != null || this.storeOptions.reservoirIncreaseInterval != null && this.storeOptions.reservoirIncreaseAmount != null)) {
          return typeof (base = this.heartbeat = setInterval(() => {
            var amount, incr, maximum, now, reservoir;
            now = Date.now();
            if (this.storeOptions.reservoirRefreshInterval != null && now >= this._lastReservoirRefresh + this.storeOptions.reservoirRefreshInterval) {
              this._lastReservoirRefresh = now;
              this.storeOptions.reservoir = this.storeOptions.reservoirRefreshAmount;
              this.instance._drainAll(this.computeCapacity());
            }
            if (this.storeOptions.reservoirIncreaseInterval != null && now >= this._lastReservoirIncrease + this.storeOptions.reservoirIncreaseInterval) {
              var _this$storeOptions = this.storeOptions;
              amount = _this$storeOptions.reservoirIncreaseAmount;
              maximum = _this$storeOptions.reservoirIncreaseMaximum;
              reservoir = _this$storeOptions.reservoir;
              this._lastReservoirIncrease = now;
              incr = maximum != null ? Math.min(amount, maximum - reservoir) : amount;
              if (incr > 0) {
                this.storeOptions.reservoir += incr;
                return this.instance._drainAll(this.computeCapacity());
              }
            }
          }, this.heartbeatInterval)).unref === "function" ? base.unref() : void 0;
        } else {
          return clearInterval(this.heartbeat);
        }
      }
      __publish__(message) {
        var _this = this;
        return _asyncToGenerator2(function* () {
          yield _this.yieldLoop();
          return _this.instance.Events.trigger("message", message.toString());
        })();
      }
      __disconnect__(flush) {
        var _this2 = this;
        return _asyncToGenerator2(function* () {
          yield _this2.yieldLoop();
          clearInterval(_this2.heartbeat);
          return _this2.Promise.resolve();
        })();
      }
      yieldLoop(t = 0) {
        return new this.Promise(function(resolve, reject) {
          return setTimeout(resolve, t);
        });
      }
      computePenalty() {
        var ref;
        return (ref = this.storeOptions.penalty) != null ? ref : 15 * this.storeOptions.minTime || 5e3;
      }
      __updateSettings__(options2) {
        var _this3 = this;
        return _asyncToGenerator2(function* () {
          yield _this3.yieldLoop();
          parser2.overwrite(options2, options2, _this3.storeOptions);
          _this3._startHeartbeat();
          _this3.instance._drainAll(_this3.computeCapacity());
          return true;
        })();
      }
      __running__() {
        var _this4 = this;
        return _asyncToGenerator2(function* () {
          yield _this4.yieldLoop();
          return _this4._running;
        })();
      }
      __queued__() {
        var _this5 = this;
        return _asyncToGenerator2(function* () {
          yield _this5.yieldLoop();
          return _this5.instance.queued();
        })();
      }
      __done__() {
        var _this6 = this;
        return _asyncToGenerator2(function* () {
          yield _this6.yieldLoop();
          return _this6._done;
        })();
      }
      __groupCheck__(time) {
        var _this7 = this;
        return _asyncToGenerator2(function* () {
          yield _this7.yieldLoop();
          return _this7._nextRequest + _this7.timeout < time;
        })();
      }
      computeCapacity() {
        var maxConcurrent, reservoir;
        var _this$storeOptions2 = this.storeOptions;
        maxConcurrent = _this$storeOptions2.maxConcurrent;
        reservoir = _this$storeOptions2.reservoir;
        if (maxConcurrent != null && reservoir != null) {
          return Math.min(maxConcurrent - this._running, reservoir);
        } else if (maxConcurrent != null) {
          return maxConcurrent - this._running;
        } else if (reservoir != null) {
          return reservoir;
        } else {
          return null;
        }
      }
      conditionsCheck(weight) {
        var capacity;
        capacity = this.computeCapacity();
        return capacity == null || weight <= capacity;
      }
      __incrementReservoir__(incr) {
        var _this8 = this;
        return _asyncToGenerator2(function* () {
          var reservoir;
          yield _this8.yieldLoop();
          reservoir = _this8.storeOptions.reservoir += incr;
          _this8.instance._drainAll(_this8.computeCapacity());
          return reservoir;
        })();
      }
      __currentReservoir__() {
        var _this9 = this;
        return _asyncToGenerator2(function* () {
          yield _this9.yieldLoop();
          return _this9.storeOptions.reservoir;
        })();
      }
      isBlocked(now) {
        return this._unblockTime >= now;
      }
      check(weight, now) {
        return this.conditionsCheck(weight) && this._nextRequest - now <= 0;
      }
      __check__(weight) {
        var _this10 = this;
        return _asyncToGenerator2(function* () {
          var now;
          yield _this10.yieldLoop();
          now = Date.now();
          return _this10.check(weight, now);
        })();
      }
      __register__(index, weight, expiration) {
        var _this11 = this;
        return _asyncToGenerator2(function* () {
          var now, wait;
          yield _this11.yieldLoop();
          now = Date.now();
          if (_this11.conditionsCheck(weight)) {
            _this11._running += weight;
            if (_this11.storeOptions.reservoir != null) {
              _this11.storeOptions.reservoir -= weight;
            }
            wait = Math.max(_this11._nextRequest - now, 0);
            _this11._nextRequest = now + wait + _this11.storeOptions.minTime;
            return {
              success: true,
              wait,
              reservoir: _this11.storeOptions.reservoir
            };
          } else {
            return {
              success: false
            };
          }
        })();
      }
      strategyIsBlock() {
        return this.storeOptions.strategy === 3;
      }
      __submit__(queueLength, weight) {
        var _this12 = this;
        return _asyncToGenerator2(function* () {
          var blocked, now, reachedHWM;
          yield _this12.yieldLoop();
          if (_this12.storeOptions.maxConcurrent != null && weight > _this12.storeOptions.maxConcurrent) {
            throw new BottleneckError(`Impossible to add a job having a weight of ${weight} to a limiter having a maxConcurrent setting of ${_this12.storeOptions.maxConcurrent}`);
          }
          now = Date.now();
          reachedHWM = _this12.storeOptions.highWater != null && queueLength === _this12.storeOptions.highWater && !_this12.check(weight, now);
          blocked = _this12.strategyIsBlock() && (reachedHWM || _this12.isBlocked(now));
          if (blocked) {
            _this12._unblockTime = now + _this12.computePenalty();
            _this12._nextRequest = _this12._unblockTime + _this12.storeOptions.minTime;
            _this12.instance._dropAllQueued();
          }
          return {
            reachedHWM,
            blocked,
            strategy: _this12.storeOptions.strategy
          };
        })();
      }
      __free__(index, weight) {
        var _this13 = this;
        return _asyncToGenerator2(function* () {
          yield _this13.yieldLoop();
          _this13._running -= weight;
          _this13._done += weight;
          _this13.instance._drainAll(_this13.computeCapacity());
          return {
            running: _this13._running
          };
        })();
      }
    };
    module2.exports = LocalDatastore;
  }
});

// node_modules/bottleneck/lib/lua.json
var require_lua = __commonJS({
  "node_modules/bottleneck/lib/lua.json"(exports2, module2) {
    module2.exports = {
      "blacklist_client.lua": "local blacklist = ARGV[num_static_argv + 1]\n\nif redis.call('zscore', client_last_seen_key, blacklist) then\n  redis.call('zadd', client_last_seen_key, 0, blacklist)\nend\n\n\nreturn {}\n",
      "check.lua": "local weight = tonumber(ARGV[num_static_argv + 1])\n\nlocal capacity = process_tick(now, false)['capacity']\nlocal nextRequest = tonumber(redis.call('hget', settings_key, 'nextRequest'))\n\nreturn conditions_check(capacity, weight) and nextRequest - now <= 0\n",
      "conditions_check.lua": "local conditions_check = function (capacity, weight)\n  return capacity == nil or weight <= capacity\nend\n",
      "current_reservoir.lua": "return process_tick(now, false)['reservoir']\n",
      "done.lua": "process_tick(now, false)\n\nreturn tonumber(redis.call('hget', settings_key, 'done'))\n",
      "free.lua": "local index = ARGV[num_static_argv + 1]\n\nredis.call('zadd', job_expirations_key, 0, index)\n\nreturn process_tick(now, false)['running']\n",
      "get_time.lua": "redis.replicate_commands()\n\nlocal get_time = function ()\n  local time = redis.call('time')\n\n  return tonumber(time[1]..string.sub(time[2], 1, 3))\nend\n",
      "group_check.lua": "return not (redis.call('exists', settings_key) == 1)\n",
      "heartbeat.lua": "process_tick(now, true)\n",
      "increment_reservoir.lua": "local incr = tonumber(ARGV[num_static_argv + 1])\n\nredis.call('hincrby', settings_key, 'reservoir', incr)\n\nlocal reservoir = process_tick(now, true)['reservoir']\n\nlocal groupTimeout = tonumber(redis.call('hget', settings_key, 'groupTimeout'))\nrefresh_expiration(0, 0, groupTimeout)\n\nreturn reservoir\n",
      "init.lua": `local clear = tonumber(ARGV[num_static_argv + 1])
local limiter_version = ARGV[num_static_argv + 2]
local num_local_argv = num_static_argv + 2

if clear == 1 then
  redis.call('del', unpack(KEYS))
end

if redis.call('exists', settings_key) == 0 then
  -- Create
  local args = {'hmset', settings_key}

  for i = num_local_argv + 1, #ARGV do
    table.insert(args, ARGV[i])
  end

  redis.call(unpack(args))
  redis.call('hmset', settings_key,
    'nextRequest', now,
    'lastReservoirRefresh', now,
    'lastReservoirIncrease', now,
    'running', 0,
    'done', 0,
    'unblockTime', 0,
    'capacityPriorityCounter', 0
  )

else
  -- Apply migrations
  local settings = redis.call('hmget', settings_key,
    'id',
    'version'
  )
  local id = settings[1]
  local current_version = settings[2]

  if current_version ~= limiter_version then
    local version_digits = {}
    for k, v in string.gmatch(current_version, "([^.]+)") do
      table.insert(version_digits, tonumber(k))
    end

    -- 2.10.0
    if version_digits[2] < 10 then
      redis.call('hsetnx', settings_key, 'reservoirRefreshInterval', '')
      redis.call('hsetnx', settings_key, 'reservoirRefreshAmount', '')
      redis.call('hsetnx', settings_key, 'lastReservoirRefresh', '')
      redis.call('hsetnx', settings_key, 'done', 0)
      redis.call('hset', settings_key, 'version', '2.10.0')
    end

    -- 2.11.1
    if version_digits[2] < 11 or (version_digits[2] == 11 and version_digits[3] < 1) then
      if redis.call('hstrlen', settings_key, 'lastReservoirRefresh') == 0 then
        redis.call('hmset', settings_key,
          'lastReservoirRefresh', now,
          'version', '2.11.1'
        )
      end
    end

    -- 2.14.0
    if version_digits[2] < 14 then
      local old_running_key = 'b_'..id..'_running'
      local old_executing_key = 'b_'..id..'_executing'

      if redis.call('exists', old_running_key) == 1 then
        redis.call('rename', old_running_key, job_weights_key)
      end
      if redis.call('exists', old_executing_key) == 1 then
        redis.call('rename', old_executing_key, job_expirations_key)
      end
      redis.call('hset', settings_key, 'version', '2.14.0')
    end

    -- 2.15.2
    if version_digits[2] < 15 or (version_digits[2] == 15 and version_digits[3] < 2) then
      redis.call('hsetnx', settings_key, 'capacityPriorityCounter', 0)
      redis.call('hset', settings_key, 'version', '2.15.2')
    end

    -- 2.17.0
    if version_digits[2] < 17 then
      redis.call('hsetnx', settings_key, 'clientTimeout', 10000)
      redis.call('hset', settings_key, 'version', '2.17.0')
    end

    -- 2.18.0
    if version_digits[2] < 18 then
      redis.call('hsetnx', settings_key, 'reservoirIncreaseInterval', '')
      redis.call('hsetnx', settings_key, 'reservoirIncreaseAmount', '')
      redis.call('hsetnx', settings_key, 'reservoirIncreaseMaximum', '')
      redis.call('hsetnx', settings_key, 'lastReservoirIncrease', now)
      redis.call('hset', settings_key, 'version', '2.18.0')
    end

  end

  process_tick(now, false)
end

local groupTimeout = tonumber(redis.call('hget', settings_key, 'groupTimeout'))
refresh_expiration(0, 0, groupTimeout)

return {}
`,
      "process_tick.lua": "local process_tick = function (now, always_publish)\n\n  local compute_capacity = function (maxConcurrent, running, reservoir)\n    if maxConcurrent ~= nil and reservoir ~= nil then\n      return math.min((maxConcurrent - running), reservoir)\n    elseif maxConcurrent ~= nil then\n      return maxConcurrent - running\n    elseif reservoir ~= nil then\n      return reservoir\n    else\n      return nil\n    end\n  end\n\n  local settings = redis.call('hmget', settings_key,\n    'id',\n    'maxConcurrent',\n    'running',\n    'reservoir',\n    'reservoirRefreshInterval',\n    'reservoirRefreshAmount',\n    'lastReservoirRefresh',\n    'reservoirIncreaseInterval',\n    'reservoirIncreaseAmount',\n    'reservoirIncreaseMaximum',\n    'lastReservoirIncrease',\n    'capacityPriorityCounter',\n    'clientTimeout'\n  )\n  local id = settings[1]\n  local maxConcurrent = tonumber(settings[2])\n  local running = tonumber(settings[3])\n  local reservoir = tonumber(settings[4])\n  local reservoirRefreshInterval = tonumber(settings[5])\n  local reservoirRefreshAmount = tonumber(settings[6])\n  local lastReservoirRefresh = tonumber(settings[7])\n  local reservoirIncreaseInterval = tonumber(settings[8])\n  local reservoirIncreaseAmount = tonumber(settings[9])\n  local reservoirIncreaseMaximum = tonumber(settings[10])\n  local lastReservoirIncrease = tonumber(settings[11])\n  local capacityPriorityCounter = tonumber(settings[12])\n  local clientTimeout = tonumber(settings[13])\n\n  local initial_capacity = compute_capacity(maxConcurrent, running, reservoir)\n\n  --\n  -- Process 'running' changes\n  --\n  local expired = redis.call('zrangebyscore', job_expirations_key, '-inf', '('..now)\n\n  if #expired > 0 then\n    redis.call('zremrangebyscore', job_expirations_key, '-inf', '('..now)\n\n    local flush_batch = function (batch, acc)\n      local weights = redis.call('hmget', job_weights_key, unpack(batch))\n                      redis.call('hdel',  job_weights_key, unpack(batch))\n      local clients = redis.call('hmget', job_clients_key, unpack(batch))\n                      redis.call('hdel',  job_clients_key, unpack(batch))\n\n      -- Calculate sum of removed weights\n      for i = 1, #weights do\n        acc['total'] = acc['total'] + (tonumber(weights[i]) or 0)\n      end\n\n      -- Calculate sum of removed weights by client\n      local client_weights = {}\n      for i = 1, #clients do\n        local removed = tonumber(weights[i]) or 0\n        if removed > 0 then\n          acc['client_weights'][clients[i]] = (acc['client_weights'][clients[i]] or 0) + removed\n        end\n      end\n    end\n\n    local acc = {\n      ['total'] = 0,\n      ['client_weights'] = {}\n    }\n    local batch_size = 1000\n\n    -- Compute changes to Zsets and apply changes to Hashes\n    for i = 1, #expired, batch_size do\n      local batch = {}\n      for j = i, math.min(i + batch_size - 1, #expired) do\n        table.insert(batch, expired[j])\n      end\n\n      flush_batch(batch, acc)\n    end\n\n    -- Apply changes to Zsets\n    if acc['total'] > 0 then\n      redis.call('hincrby', settings_key, 'done', acc['total'])\n      running = tonumber(redis.call('hincrby', settings_key, 'running', -acc['total']))\n    end\n\n    for client, weight in pairs(acc['client_weights']) do\n      redis.call('zincrby', client_running_key, -weight, client)\n    end\n  end\n\n  --\n  -- Process 'reservoir' changes\n  --\n  local reservoirRefreshActive = reservoirRefreshInterval ~= nil and reservoirRefreshAmount ~= nil\n  if reservoirRefreshActive and now >= lastReservoirRefresh + reservoirRefreshInterval then\n    reservoir = reservoirRefreshAmount\n    redis.call('hmset', settings_key,\n      'reservoir', reservoir,\n      'lastReservoirRefresh', now\n    )\n  end\n\n  local reservoirIncreaseActive = reservoirIncreaseInterval ~= nil and reservoirIncreaseAmount ~= nil\n  if reservoirIncreaseActive and now >= lastReservoirIncrease + reservoirIncreaseInterval then\n    local num_intervals = math.floor((now - lastReservoirIncrease) / reservoirIncreaseInterval)\n    local incr = reservoirIncreaseAmount * num_intervals\n    if reservoirIncreaseMaximum ~= nil then\n      incr = math.min(incr, reservoirIncreaseMaximum - (reservoir or 0))\n    end\n    if incr > 0 then\n      reservoir = (reservoir or 0) + incr\n    end\n    redis.call('hmset', settings_key,\n      'reservoir', reservoir,\n      'lastReservoirIncrease', lastReservoirIncrease + (num_intervals * reservoirIncreaseInterval)\n    )\n  end\n\n  --\n  -- Clear unresponsive clients\n  --\n  local unresponsive = redis.call('zrangebyscore', client_last_seen_key, '-inf', (now - clientTimeout))\n  local unresponsive_lookup = {}\n  local terminated_clients = {}\n  for i = 1, #unresponsive do\n    unresponsive_lookup[unresponsive[i]] = true\n    if tonumber(redis.call('zscore', client_running_key, unresponsive[i])) == 0 then\n      table.insert(terminated_clients, unresponsive[i])\n    end\n  end\n  if #terminated_clients > 0 then\n    redis.call('zrem', client_running_key,         unpack(terminated_clients))\n    redis.call('hdel', client_num_queued_key,      unpack(terminated_clients))\n    redis.call('zrem', client_last_registered_key, unpack(terminated_clients))\n    redis.call('zrem', client_last_seen_key,       unpack(terminated_clients))\n  end\n\n  --\n  -- Broadcast capacity changes\n  --\n  local final_capacity = compute_capacity(maxConcurrent, running, reservoir)\n\n  if always_publish or (initial_capacity ~= nil and final_capacity == nil) then\n    -- always_publish or was not unlimited, now unlimited\n    redis.call('publish', 'b_'..id, 'capacity:'..(final_capacity or ''))\n\n  elseif initial_capacity ~= nil and final_capacity ~= nil and final_capacity > initial_capacity then\n    -- capacity was increased\n    -- send the capacity message to the limiter having the lowest number of running jobs\n    -- the tiebreaker is the limiter having not registered a job in the longest time\n\n    local lowest_concurrency_value = nil\n    local lowest_concurrency_clients = {}\n    local lowest_concurrency_last_registered = {}\n    local client_concurrencies = redis.call('zrange', client_running_key, 0, -1, 'withscores')\n\n    for i = 1, #client_concurrencies, 2 do\n      local client = client_concurrencies[i]\n      local concurrency = tonumber(client_concurrencies[i+1])\n\n      if (\n        lowest_concurrency_value == nil or lowest_concurrency_value == concurrency\n      ) and (\n        not unresponsive_lookup[client]\n      ) and (\n        tonumber(redis.call('hget', client_num_queued_key, client)) > 0\n      ) then\n        lowest_concurrency_value = concurrency\n        table.insert(lowest_concurrency_clients, client)\n        local last_registered = tonumber(redis.call('zscore', client_last_registered_key, client))\n        table.insert(lowest_concurrency_last_registered, last_registered)\n      end\n    end\n\n    if #lowest_concurrency_clients > 0 then\n      local position = 1\n      local earliest = lowest_concurrency_last_registered[1]\n\n      for i,v in ipairs(lowest_concurrency_last_registered) do\n        if v < earliest then\n          position = i\n          earliest = v\n        end\n      end\n\n      local next_client = lowest_concurrency_clients[position]\n      redis.call('publish', 'b_'..id,\n        'capacity-priority:'..(final_capacity or '')..\n        ':'..next_client..\n        ':'..capacityPriorityCounter\n      )\n      redis.call('hincrby', settings_key, 'capacityPriorityCounter', '1')\n    else\n      redis.call('publish', 'b_'..id, 'capacity:'..(final_capacity or ''))\n    end\n  end\n\n  return {\n    ['capacity'] = final_capacity,\n    ['running'] = running,\n    ['reservoir'] = reservoir\n  }\nend\n",
      "queued.lua": "local clientTimeout = tonumber(redis.call('hget', settings_key, 'clientTimeout'))\nlocal valid_clients = redis.call('zrangebyscore', client_last_seen_key, (now - clientTimeout), 'inf')\nlocal client_queued = redis.call('hmget', client_num_queued_key, unpack(valid_clients))\n\nlocal sum = 0\nfor i = 1, #client_queued do\n  sum = sum + tonumber(client_queued[i])\nend\n\nreturn sum\n",
      "refresh_expiration.lua": "local refresh_expiration = function (now, nextRequest, groupTimeout)\n\n  if groupTimeout ~= nil then\n    local ttl = (nextRequest + groupTimeout) - now\n\n    for i = 1, #KEYS do\n      redis.call('pexpire', KEYS[i], ttl)\n    end\n  end\n\nend\n",
      "refs.lua": "local settings_key = KEYS[1]\nlocal job_weights_key = KEYS[2]\nlocal job_expirations_key = KEYS[3]\nlocal job_clients_key = KEYS[4]\nlocal client_running_key = KEYS[5]\nlocal client_num_queued_key = KEYS[6]\nlocal client_last_registered_key = KEYS[7]\nlocal client_last_seen_key = KEYS[8]\n\nlocal now = tonumber(ARGV[1])\nlocal client = ARGV[2]\n\nlocal num_static_argv = 2\n",
      "register.lua": "local index = ARGV[num_static_argv + 1]\nlocal weight = tonumber(ARGV[num_static_argv + 2])\nlocal expiration = tonumber(ARGV[num_static_argv + 3])\n\nlocal state = process_tick(now, false)\nlocal capacity = state['capacity']\nlocal reservoir = state['reservoir']\n\nlocal settings = redis.call('hmget', settings_key,\n  'nextRequest',\n  'minTime',\n  'groupTimeout'\n)\nlocal nextRequest = tonumber(settings[1])\nlocal minTime = tonumber(settings[2])\nlocal groupTimeout = tonumber(settings[3])\n\nif conditions_check(capacity, weight) then\n\n  redis.call('hincrby', settings_key, 'running', weight)\n  redis.call('hset', job_weights_key, index, weight)\n  if expiration ~= nil then\n    redis.call('zadd', job_expirations_key, now + expiration, index)\n  end\n  redis.call('hset', job_clients_key, index, client)\n  redis.call('zincrby', client_running_key, weight, client)\n  redis.call('hincrby', client_num_queued_key, client, -1)\n  redis.call('zadd', client_last_registered_key, now, client)\n\n  local wait = math.max(nextRequest - now, 0)\n  local newNextRequest = now + wait + minTime\n\n  if reservoir == nil then\n    redis.call('hset', settings_key,\n      'nextRequest', newNextRequest\n    )\n  else\n    reservoir = reservoir - weight\n    redis.call('hmset', settings_key,\n      'reservoir', reservoir,\n      'nextRequest', newNextRequest\n    )\n  end\n\n  refresh_expiration(now, newNextRequest, groupTimeout)\n\n  return {true, wait, reservoir}\n\nelse\n  return {false}\nend\n",
      "register_client.lua": "local queued = tonumber(ARGV[num_static_argv + 1])\n\n-- Could have been re-registered concurrently\nif not redis.call('zscore', client_last_seen_key, client) then\n  redis.call('zadd', client_running_key, 0, client)\n  redis.call('hset', client_num_queued_key, client, queued)\n  redis.call('zadd', client_last_registered_key, 0, client)\nend\n\nredis.call('zadd', client_last_seen_key, now, client)\n\nreturn {}\n",
      "running.lua": "return process_tick(now, false)['running']\n",
      "submit.lua": "local queueLength = tonumber(ARGV[num_static_argv + 1])\nlocal weight = tonumber(ARGV[num_static_argv + 2])\n\nlocal capacity = process_tick(now, false)['capacity']\n\nlocal settings = redis.call('hmget', settings_key,\n  'id',\n  'maxConcurrent',\n  'highWater',\n  'nextRequest',\n  'strategy',\n  'unblockTime',\n  'penalty',\n  'minTime',\n  'groupTimeout'\n)\nlocal id = settings[1]\nlocal maxConcurrent = tonumber(settings[2])\nlocal highWater = tonumber(settings[3])\nlocal nextRequest = tonumber(settings[4])\nlocal strategy = tonumber(settings[5])\nlocal unblockTime = tonumber(settings[6])\nlocal penalty = tonumber(settings[7])\nlocal minTime = tonumber(settings[8])\nlocal groupTimeout = tonumber(settings[9])\n\nif maxConcurrent ~= nil and weight > maxConcurrent then\n  return redis.error_reply('OVERWEIGHT:'..weight..':'..maxConcurrent)\nend\n\nlocal reachedHWM = (highWater ~= nil and queueLength == highWater\n  and not (\n    conditions_check(capacity, weight)\n    and nextRequest - now <= 0\n  )\n)\n\nlocal blocked = strategy == 3 and (reachedHWM or unblockTime >= now)\n\nif blocked then\n  local computedPenalty = penalty\n  if computedPenalty == nil then\n    if minTime == 0 then\n      computedPenalty = 5000\n    else\n      computedPenalty = 15 * minTime\n    end\n  end\n\n  local newNextRequest = now + computedPenalty + minTime\n\n  redis.call('hmset', settings_key,\n    'unblockTime', now + computedPenalty,\n    'nextRequest', newNextRequest\n  )\n\n  local clients_queued_reset = redis.call('hkeys', client_num_queued_key)\n  local queued_reset = {}\n  for i = 1, #clients_queued_reset do\n    table.insert(queued_reset, clients_queued_reset[i])\n    table.insert(queued_reset, 0)\n  end\n  redis.call('hmset', client_num_queued_key, unpack(queued_reset))\n\n  redis.call('publish', 'b_'..id, 'blocked:')\n\n  refresh_expiration(now, newNextRequest, groupTimeout)\nend\n\nif not blocked and not reachedHWM then\n  redis.call('hincrby', client_num_queued_key, client, 1)\nend\n\nreturn {reachedHWM, blocked, strategy}\n",
      "update_settings.lua": "local args = {'hmset', settings_key}\n\nfor i = num_static_argv + 1, #ARGV do\n  table.insert(args, ARGV[i])\nend\n\nredis.call(unpack(args))\n\nprocess_tick(now, true)\n\nlocal groupTimeout = tonumber(redis.call('hget', settings_key, 'groupTimeout'))\nrefresh_expiration(0, 0, groupTimeout)\n\nreturn {}\n",
      "validate_client.lua": "if not redis.call('zscore', client_last_seen_key, client) then\n  return redis.error_reply('UNKNOWN_CLIENT')\nend\n\nredis.call('zadd', client_last_seen_key, now, client)\n",
      "validate_keys.lua": "if not (redis.call('exists', settings_key) == 1) then\n  return redis.error_reply('SETTINGS_KEY_NOT_FOUND')\nend\n"
    };
  }
});

// node_modules/bottleneck/lib/Scripts.js
var require_Scripts = __commonJS({
  "node_modules/bottleneck/lib/Scripts.js"(exports2) {
    "use strict";
    var headers;
    var lua;
    var templates;
    lua = require_lua();
    headers = {
      refs: lua["refs.lua"],
      validate_keys: lua["validate_keys.lua"],
      validate_client: lua["validate_client.lua"],
      refresh_expiration: lua["refresh_expiration.lua"],
      process_tick: lua["process_tick.lua"],
      conditions_check: lua["conditions_check.lua"],
      get_time: lua["get_time.lua"]
    };
    exports2.allKeys = function(id) {
      return [
        /*
        HASH
        */
        `b_${id}_settings`,
        /*
        HASH
        job index -> weight
        */
        `b_${id}_job_weights`,
        /*
        ZSET
        job index -> expiration
        */
        `b_${id}_job_expirations`,
        /*
        HASH
        job index -> client
        */
        `b_${id}_job_clients`,
        /*
        ZSET
        client -> sum running
        */
        `b_${id}_client_running`,
        /*
        HASH
        client -> num queued
        */
        `b_${id}_client_num_queued`,
        /*
        ZSET
        client -> last job registered
        */
        `b_${id}_client_last_registered`,
        /*
        ZSET
        client -> last seen
        */
        `b_${id}_client_last_seen`
      ];
    };
    templates = {
      init: {
        keys: exports2.allKeys,
        headers: ["process_tick"],
        refresh_expiration: true,
        code: lua["init.lua"]
      },
      group_check: {
        keys: exports2.allKeys,
        headers: [],
        refresh_expiration: false,
        code: lua["group_check.lua"]
      },
      register_client: {
        keys: exports2.allKeys,
        headers: ["validate_keys"],
        refresh_expiration: false,
        code: lua["register_client.lua"]
      },
      blacklist_client: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client"],
        refresh_expiration: false,
        code: lua["blacklist_client.lua"]
      },
      heartbeat: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: false,
        code: lua["heartbeat.lua"]
      },
      update_settings: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: true,
        code: lua["update_settings.lua"]
      },
      running: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: false,
        code: lua["running.lua"]
      },
      queued: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client"],
        refresh_expiration: false,
        code: lua["queued.lua"]
      },
      done: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: false,
        code: lua["done.lua"]
      },
      check: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick", "conditions_check"],
        refresh_expiration: false,
        code: lua["check.lua"]
      },
      submit: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick", "conditions_check"],
        refresh_expiration: true,
        code: lua["submit.lua"]
      },
      register: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick", "conditions_check"],
        refresh_expiration: true,
        code: lua["register.lua"]
      },
      free: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: true,
        code: lua["free.lua"]
      },
      current_reservoir: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: false,
        code: lua["current_reservoir.lua"]
      },
      increment_reservoir: {
        keys: exports2.allKeys,
        headers: ["validate_keys", "validate_client", "process_tick"],
        refresh_expiration: true,
        code: lua["increment_reservoir.lua"]
      }
    };
    exports2.names = Object.keys(templates);
    exports2.keys = function(name, id) {
      return templates[name].keys(id);
    };
    exports2.payload = function(name) {
      var template;
      template = templates[name];
      return Array.prototype.concat(headers.refs, template.headers.map(function(h) {
        return headers[h];
      }), template.refresh_expiration ? headers.refresh_expiration : "", template.code).join("\n");
    };
  }
});

// node_modules/bottleneck/lib/RedisConnection.js
var require_RedisConnection = __commonJS({
  "node_modules/bottleneck/lib/RedisConnection.js"(exports, module) {
    "use strict";
    function asyncGeneratorStep(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var Events;
    var RedisConnection;
    var Scripts;
    var parser;
    parser = require_parser();
    Events = require_Events();
    Scripts = require_Scripts();
    RedisConnection = function() {
      class RedisConnection {
        constructor(options = {}) {
          parser.load(options, this.defaults, this);
          if (this.Redis == null) {
            this.Redis = eval("require")("redis");
          }
          if (this.Events == null) {
            this.Events = new Events(this);
          }
          this.terminated = false;
          if (this.client == null) {
            this.client = this.Redis.createClient(this.clientOptions);
          }
          this.subscriber = this.client.duplicate();
          this.limiters = {};
          this.shas = {};
          this.ready = this.Promise.all([this._setup(this.client, false), this._setup(this.subscriber, true)]).then(() => {
            return this._loadScripts();
          }).then(() => {
            return {
              client: this.client,
              subscriber: this.subscriber
            };
          });
        }
        _setup(client, sub) {
          client.setMaxListeners(0);
          return new this.Promise((resolve, reject) => {
            client.on("error", (e) => {
              return this.Events.trigger("error", e);
            });
            if (sub) {
              client.on("message", (channel, message) => {
                var ref;
                return (ref = this.limiters[channel]) != null ? ref._store.onMessage(channel, message) : void 0;
              });
            }
            if (client.ready) {
              return resolve();
            } else {
              return client.once("ready", resolve);
            }
          });
        }
        _loadScript(name) {
          return new this.Promise((resolve, reject) => {
            var payload;
            payload = Scripts.payload(name);
            return this.client.multi([["script", "load", payload]]).exec((err, replies) => {
              if (err != null) {
                return reject(err);
              }
              this.shas[name] = replies[0];
              return resolve(replies[0]);
            });
          });
        }
        _loadScripts() {
          return this.Promise.all(Scripts.names.map((k) => {
            return this._loadScript(k);
          }));
        }
        __runCommand__(cmd) {
          var _this = this;
          return _asyncToGenerator(function* () {
            yield _this.ready;
            return new _this.Promise((resolve, reject) => {
              return _this.client.multi([cmd]).exec_atomic(function(err, replies) {
                if (err != null) {
                  return reject(err);
                } else {
                  return resolve(replies[0]);
                }
              });
            });
          })();
        }
        __addLimiter__(instance) {
          return this.Promise.all([instance.channel(), instance.channel_client()].map((channel) => {
            return new this.Promise((resolve, reject) => {
              var handler;
              handler = (chan) => {
                if (chan === channel) {
                  this.subscriber.removeListener("subscribe", handler);
                  this.limiters[channel] = instance;
                  return resolve();
                }
              };
              this.subscriber.on("subscribe", handler);
              return this.subscriber.subscribe(channel);
            });
          }));
        }
        __removeLimiter__(instance) {
          var _this2 = this;
          return this.Promise.all([instance.channel(), instance.channel_client()].map(
            /* @__PURE__ */ (function() {
              var _ref = _asyncToGenerator(function* (channel) {
                if (!_this2.terminated) {
                  yield new _this2.Promise((resolve, reject) => {
                    return _this2.subscriber.unsubscribe(channel, function(err, chan) {
                      if (err != null) {
                        return reject(err);
                      }
                      if (chan === channel) {
                        return resolve();
                      }
                    });
                  });
                }
                return delete _this2.limiters[channel];
              });
              return function(_x) {
                return _ref.apply(this, arguments);
              };
            })()
          ));
        }
        __scriptArgs__(name, id, args, cb) {
          var keys;
          keys = Scripts.keys(name, id);
          return [this.shas[name], keys.length].concat(keys, args, cb);
        }
        __scriptFn__(name) {
          return this.client.evalsha.bind(this.client);
        }
        disconnect(flush = true) {
          var i, k, len, ref;
          ref = Object.keys(this.limiters);
          for (i = 0, len = ref.length; i < len; i++) {
            k = ref[i];
            clearInterval(this.limiters[k]._store.heartbeat);
          }
          this.limiters = {};
          this.terminated = true;
          this.client.end(flush);
          this.subscriber.end(flush);
          return this.Promise.resolve();
        }
      }
      ;
      RedisConnection.prototype.datastore = "redis";
      RedisConnection.prototype.defaults = {
        Redis: null,
        clientOptions: {},
        client: null,
        Promise,
        Events: null
      };
      return RedisConnection;
    }.call(void 0);
    module.exports = RedisConnection;
  }
});

// node_modules/bottleneck/lib/IORedisConnection.js
var require_IORedisConnection = __commonJS({
  "node_modules/bottleneck/lib/IORedisConnection.js"(exports, module) {
    "use strict";
    function _slicedToArray(arr, i) {
      return _arrayWithHoles(arr) || _iterableToArrayLimit(arr, i) || _nonIterableRest();
    }
    function _nonIterableRest() {
      throw new TypeError("Invalid attempt to destructure non-iterable instance");
    }
    function _iterableToArrayLimit(arr, i) {
      var _arr = [];
      var _n = true;
      var _d = false;
      var _e = void 0;
      try {
        for (var _i = arr[Symbol.iterator](), _s; !(_n = (_s = _i.next()).done); _n = true) {
          _arr.push(_s.value);
          if (i && _arr.length === i) break;
        }
      } catch (err) {
        _d = true;
        _e = err;
      } finally {
        try {
          if (!_n && _i["return"] != null) _i["return"]();
        } finally {
          if (_d) throw _e;
        }
      }
      return _arr;
    }
    function _arrayWithHoles(arr) {
      if (Array.isArray(arr)) return arr;
    }
    function asyncGeneratorStep(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var Events;
    var IORedisConnection;
    var Scripts;
    var parser;
    parser = require_parser();
    Events = require_Events();
    Scripts = require_Scripts();
    IORedisConnection = function() {
      class IORedisConnection {
        constructor(options = {}) {
          parser.load(options, this.defaults, this);
          if (this.Redis == null) {
            this.Redis = eval("require")("ioredis");
          }
          if (this.Events == null) {
            this.Events = new Events(this);
          }
          this.terminated = false;
          if (this.clusterNodes != null) {
            this.client = new this.Redis.Cluster(this.clusterNodes, this.clientOptions);
            this.subscriber = new this.Redis.Cluster(this.clusterNodes, this.clientOptions);
          } else if (this.client != null && this.client.duplicate == null) {
            this.subscriber = new this.Redis.Cluster(this.client.startupNodes, this.client.options);
          } else {
            if (this.client == null) {
              this.client = new this.Redis(this.clientOptions);
            }
            this.subscriber = this.client.duplicate();
          }
          this.limiters = {};
          this.ready = this.Promise.all([this._setup(this.client, false), this._setup(this.subscriber, true)]).then(() => {
            this._loadScripts();
            return {
              client: this.client,
              subscriber: this.subscriber
            };
          });
        }
        _setup(client, sub) {
          client.setMaxListeners(0);
          return new this.Promise((resolve, reject) => {
            client.on("error", (e) => {
              return this.Events.trigger("error", e);
            });
            if (sub) {
              client.on("message", (channel, message) => {
                var ref;
                return (ref = this.limiters[channel]) != null ? ref._store.onMessage(channel, message) : void 0;
              });
            }
            if (client.status === "ready") {
              return resolve();
            } else {
              return client.once("ready", resolve);
            }
          });
        }
        _loadScripts() {
          return Scripts.names.forEach((name) => {
            return this.client.defineCommand(name, {
              lua: Scripts.payload(name)
            });
          });
        }
        __runCommand__(cmd) {
          var _this = this;
          return _asyncToGenerator(function* () {
            var _, deleted;
            yield _this.ready;
            var _ref = yield _this.client.pipeline([cmd]).exec();
            var _ref2 = _slicedToArray(_ref, 1);
            var _ref2$ = _slicedToArray(_ref2[0], 2);
            _ = _ref2$[0];
            deleted = _ref2$[1];
            return deleted;
          })();
        }
        __addLimiter__(instance) {
          return this.Promise.all([instance.channel(), instance.channel_client()].map((channel) => {
            return new this.Promise((resolve, reject) => {
              return this.subscriber.subscribe(channel, () => {
                this.limiters[channel] = instance;
                return resolve();
              });
            });
          }));
        }
        __removeLimiter__(instance) {
          var _this2 = this;
          return [instance.channel(), instance.channel_client()].forEach(
            /* @__PURE__ */ (function() {
              var _ref3 = _asyncToGenerator(function* (channel) {
                if (!_this2.terminated) {
                  yield _this2.subscriber.unsubscribe(channel);
                }
                return delete _this2.limiters[channel];
              });
              return function(_x) {
                return _ref3.apply(this, arguments);
              };
            })()
          );
        }
        __scriptArgs__(name, id, args, cb) {
          var keys;
          keys = Scripts.keys(name, id);
          return [keys.length].concat(keys, args, cb);
        }
        __scriptFn__(name) {
          return this.client[name].bind(this.client);
        }
        disconnect(flush = true) {
          var i, k, len, ref;
          ref = Object.keys(this.limiters);
          for (i = 0, len = ref.length; i < len; i++) {
            k = ref[i];
            clearInterval(this.limiters[k]._store.heartbeat);
          }
          this.limiters = {};
          this.terminated = true;
          if (flush) {
            return this.Promise.all([this.client.quit(), this.subscriber.quit()]);
          } else {
            this.client.disconnect();
            this.subscriber.disconnect();
            return this.Promise.resolve();
          }
        }
      }
      ;
      IORedisConnection.prototype.datastore = "ioredis";
      IORedisConnection.prototype.defaults = {
        Redis: null,
        clientOptions: {},
        clusterNodes: null,
        client: null,
        Promise,
        Events: null
      };
      return IORedisConnection;
    }.call(void 0);
    module.exports = IORedisConnection;
  }
});

// node_modules/bottleneck/lib/RedisDatastore.js
var require_RedisDatastore = __commonJS({
  "node_modules/bottleneck/lib/RedisDatastore.js"(exports2, module2) {
    "use strict";
    function _slicedToArray2(arr, i) {
      return _arrayWithHoles2(arr) || _iterableToArrayLimit2(arr, i) || _nonIterableRest2();
    }
    function _nonIterableRest2() {
      throw new TypeError("Invalid attempt to destructure non-iterable instance");
    }
    function _iterableToArrayLimit2(arr, i) {
      var _arr = [];
      var _n = true;
      var _d = false;
      var _e = void 0;
      try {
        for (var _i = arr[Symbol.iterator](), _s; !(_n = (_s = _i.next()).done); _n = true) {
          _arr.push(_s.value);
          if (i && _arr.length === i) break;
        }
      } catch (err) {
        _d = true;
        _e = err;
      } finally {
        try {
          if (!_n && _i["return"] != null) _i["return"]();
        } finally {
          if (_d) throw _e;
        }
      }
      return _arr;
    }
    function _arrayWithHoles2(arr) {
      if (Array.isArray(arr)) return arr;
    }
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var BottleneckError;
    var IORedisConnection2;
    var RedisConnection2;
    var RedisDatastore;
    var parser2;
    parser2 = require_parser();
    BottleneckError = require_BottleneckError();
    RedisConnection2 = require_RedisConnection();
    IORedisConnection2 = require_IORedisConnection();
    RedisDatastore = class RedisDatastore {
      constructor(instance, storeOptions, storeInstanceOptions) {
        this.instance = instance;
        this.storeOptions = storeOptions;
        this.originalId = this.instance.id;
        this.clientId = this.instance._randomIndex();
        parser2.load(storeInstanceOptions, storeInstanceOptions, this);
        this.clients = {};
        this.capacityPriorityCounters = {};
        this.sharedConnection = this.connection != null;
        if (this.connection == null) {
          this.connection = this.instance.datastore === "redis" ? new RedisConnection2({
            Redis: this.Redis,
            clientOptions: this.clientOptions,
            Promise: this.Promise,
            Events: this.instance.Events
          }) : this.instance.datastore === "ioredis" ? new IORedisConnection2({
            Redis: this.Redis,
            clientOptions: this.clientOptions,
            clusterNodes: this.clusterNodes,
            Promise: this.Promise,
            Events: this.instance.Events
          }) : void 0;
        }
        this.instance.connection = this.connection;
        this.instance.datastore = this.connection.datastore;
        this.ready = this.connection.ready.then((clients) => {
          this.clients = clients;
          return this.runScript("init", this.prepareInitSettings(this.clearDatastore));
        }).then(() => {
          return this.connection.__addLimiter__(this.instance);
        }).then(() => {
          return this.runScript("register_client", [this.instance.queued()]);
        }).then(() => {
          var base;
          if (typeof (base = this.heartbeat = setInterval(() => {
            return this.runScript("heartbeat", []).catch((e) => {
              return this.instance.Events.trigger("error", e);
            });
          }, this.heartbeatInterval)).unref === "function") {
            base.unref();
          }
          return this.clients;
        });
      }
      __publish__(message) {
        var _this = this;
        return _asyncToGenerator2(function* () {
          var client;
          var _ref = yield _this.ready;
          client = _ref.client;
          return client.publish(_this.instance.channel(), `message:${message.toString()}`);
        })();
      }
      onMessage(channel, message) {
        var _this2 = this;
        return _asyncToGenerator2(function* () {
          var capacity, counter, data, drained, e, newCapacity, pos, priorityClient, rawCapacity, type;
          try {
            pos = message.indexOf(":");
            var _ref2 = [message.slice(0, pos), message.slice(pos + 1)];
            type = _ref2[0];
            data = _ref2[1];
            if (type === "capacity") {
              return yield _this2.instance._drainAll(data.length > 0 ? ~~data : void 0);
            } else if (type === "capacity-priority") {
              var _data$split = data.split(":");
              var _data$split2 = _slicedToArray2(_data$split, 3);
              rawCapacity = _data$split2[0];
              priorityClient = _data$split2[1];
              counter = _data$split2[2];
              capacity = rawCapacity.length > 0 ? ~~rawCapacity : void 0;
              if (priorityClient === _this2.clientId) {
                drained = yield _this2.instance._drainAll(capacity);
                newCapacity = capacity != null ? capacity - (drained || 0) : "";
                return yield _this2.clients.client.publish(_this2.instance.channel(), `capacity-priority:${newCapacity}::${counter}`);
              } else if (priorityClient === "") {
                clearTimeout(_this2.capacityPriorityCounters[counter]);
                delete _this2.capacityPriorityCounters[counter];
                return _this2.instance._drainAll(capacity);
              } else {
                return _this2.capacityPriorityCounters[counter] = setTimeout(
                  /* @__PURE__ */ _asyncToGenerator2(function* () {
                    var e2;
                    try {
                      delete _this2.capacityPriorityCounters[counter];
                      yield _this2.runScript("blacklist_client", [priorityClient]);
                      return yield _this2.instance._drainAll(capacity);
                    } catch (error) {
                      e2 = error;
                      return _this2.instance.Events.trigger("error", e2);
                    }
                  }),
                  1e3
                );
              }
            } else if (type === "message") {
              return _this2.instance.Events.trigger("message", data);
            } else if (type === "blocked") {
              return yield _this2.instance._dropAllQueued();
            }
          } catch (error) {
            e = error;
            return _this2.instance.Events.trigger("error", e);
          }
        })();
      }
      __disconnect__(flush) {
        clearInterval(this.heartbeat);
        if (this.sharedConnection) {
          return this.connection.__removeLimiter__(this.instance);
        } else {
          return this.connection.disconnect(flush);
        }
      }
      runScript(name, args) {
        var _this3 = this;
        return _asyncToGenerator2(function* () {
          if (!(name === "init" || name === "register_client")) {
            yield _this3.ready;
          }
          return new _this3.Promise((resolve, reject) => {
            var all_args, arr;
            all_args = [Date.now(), _this3.clientId].concat(args);
            _this3.instance.Events.trigger("debug", `Calling Redis script: ${name}.lua`, all_args);
            arr = _this3.connection.__scriptArgs__(name, _this3.originalId, all_args, function(err, replies) {
              if (err != null) {
                return reject(err);
              }
              return resolve(replies);
            });
            return _this3.connection.__scriptFn__(name)(...arr);
          }).catch((e) => {
            if (e.message === "SETTINGS_KEY_NOT_FOUND") {
              if (name === "heartbeat") {
                return _this3.Promise.resolve();
              } else {
                return _this3.runScript("init", _this3.prepareInitSettings(false)).then(() => {
                  return _this3.runScript(name, args);
                });
              }
            } else if (e.message === "UNKNOWN_CLIENT") {
              return _this3.runScript("register_client", [_this3.instance.queued()]).then(() => {
                return _this3.runScript(name, args);
              });
            } else {
              return _this3.Promise.reject(e);
            }
          });
        })();
      }
      prepareArray(arr) {
        var i, len, results, x;
        results = [];
        for (i = 0, len = arr.length; i < len; i++) {
          x = arr[i];
          results.push(x != null ? x.toString() : "");
        }
        return results;
      }
      prepareObject(obj) {
        var arr, k, v;
        arr = [];
        for (k in obj) {
          v = obj[k];
          arr.push(k, v != null ? v.toString() : "");
        }
        return arr;
      }
      prepareInitSettings(clear) {
        var args;
        args = this.prepareObject(Object.assign({}, this.storeOptions, {
          id: this.originalId,
          version: this.instance.version,
          groupTimeout: this.timeout,
          clientTimeout: this.clientTimeout
        }));
        args.unshift(clear ? 1 : 0, this.instance.version);
        return args;
      }
      convertBool(b) {
        return !!b;
      }
      __updateSettings__(options2) {
        var _this4 = this;
        return _asyncToGenerator2(function* () {
          yield _this4.runScript("update_settings", _this4.prepareObject(options2));
          return parser2.overwrite(options2, options2, _this4.storeOptions);
        })();
      }
      __running__() {
        return this.runScript("running", []);
      }
      __queued__() {
        return this.runScript("queued", []);
      }
      __done__() {
        return this.runScript("done", []);
      }
      __groupCheck__() {
        var _this5 = this;
        return _asyncToGenerator2(function* () {
          return _this5.convertBool(yield _this5.runScript("group_check", []));
        })();
      }
      __incrementReservoir__(incr) {
        return this.runScript("increment_reservoir", [incr]);
      }
      __currentReservoir__() {
        return this.runScript("current_reservoir", []);
      }
      __check__(weight) {
        var _this6 = this;
        return _asyncToGenerator2(function* () {
          return _this6.convertBool(yield _this6.runScript("check", _this6.prepareArray([weight])));
        })();
      }
      __register__(index, weight, expiration) {
        var _this7 = this;
        return _asyncToGenerator2(function* () {
          var reservoir, success, wait;
          var _ref4 = yield _this7.runScript("register", _this7.prepareArray([index, weight, expiration]));
          var _ref5 = _slicedToArray2(_ref4, 3);
          success = _ref5[0];
          wait = _ref5[1];
          reservoir = _ref5[2];
          return {
            success: _this7.convertBool(success),
            wait,
            reservoir
          };
        })();
      }
      __submit__(queueLength, weight) {
        var _this8 = this;
        return _asyncToGenerator2(function* () {
          var blocked, e, maxConcurrent, overweight, reachedHWM, strategy;
          try {
            var _ref6 = yield _this8.runScript("submit", _this8.prepareArray([queueLength, weight]));
            var _ref7 = _slicedToArray2(_ref6, 3);
            reachedHWM = _ref7[0];
            blocked = _ref7[1];
            strategy = _ref7[2];
            return {
              reachedHWM: _this8.convertBool(reachedHWM),
              blocked: _this8.convertBool(blocked),
              strategy
            };
          } catch (error) {
            e = error;
            if (e.message.indexOf("OVERWEIGHT") === 0) {
              var _e$message$split = e.message.split(":");
              var _e$message$split2 = _slicedToArray2(_e$message$split, 3);
              overweight = _e$message$split2[0];
              weight = _e$message$split2[1];
              maxConcurrent = _e$message$split2[2];
              throw new BottleneckError(`Impossible to add a job having a weight of ${weight} to a limiter having a maxConcurrent setting of ${maxConcurrent}`);
            } else {
              throw e;
            }
          }
        })();
      }
      __free__(index, weight) {
        var _this9 = this;
        return _asyncToGenerator2(function* () {
          var running;
          running = yield _this9.runScript("free", _this9.prepareArray([index]));
          return {
            running
          };
        })();
      }
    };
    module2.exports = RedisDatastore;
  }
});

// node_modules/bottleneck/lib/States.js
var require_States = __commonJS({
  "node_modules/bottleneck/lib/States.js"(exports2, module2) {
    "use strict";
    var BottleneckError;
    var States;
    BottleneckError = require_BottleneckError();
    States = class States {
      constructor(status1) {
        this.status = status1;
        this._jobs = {};
        this.counts = this.status.map(function() {
          return 0;
        });
      }
      next(id) {
        var current, next;
        current = this._jobs[id];
        next = current + 1;
        if (current != null && next < this.status.length) {
          this.counts[current]--;
          this.counts[next]++;
          return this._jobs[id]++;
        } else if (current != null) {
          this.counts[current]--;
          return delete this._jobs[id];
        }
      }
      start(id) {
        var initial;
        initial = 0;
        this._jobs[id] = initial;
        return this.counts[initial]++;
      }
      remove(id) {
        var current;
        current = this._jobs[id];
        if (current != null) {
          this.counts[current]--;
          delete this._jobs[id];
        }
        return current != null;
      }
      jobStatus(id) {
        var ref;
        return (ref = this.status[this._jobs[id]]) != null ? ref : null;
      }
      statusJobs(status) {
        var k, pos, ref, results, v;
        if (status != null) {
          pos = this.status.indexOf(status);
          if (pos < 0) {
            throw new BottleneckError(`status must be one of ${this.status.join(", ")}`);
          }
          ref = this._jobs;
          results = [];
          for (k in ref) {
            v = ref[k];
            if (v === pos) {
              results.push(k);
            }
          }
          return results;
        } else {
          return Object.keys(this._jobs);
        }
      }
      statusCounts() {
        return this.counts.reduce((acc, v, i) => {
          acc[this.status[i]] = v;
          return acc;
        }, {});
      }
    };
    module2.exports = States;
  }
});

// node_modules/bottleneck/lib/Sync.js
var require_Sync = __commonJS({
  "node_modules/bottleneck/lib/Sync.js"(exports2, module2) {
    "use strict";
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var DLList;
    var Sync;
    DLList = require_DLList();
    Sync = class Sync {
      constructor(name, Promise2) {
        this.schedule = this.schedule.bind(this);
        this.name = name;
        this.Promise = Promise2;
        this._running = 0;
        this._queue = new DLList();
      }
      isEmpty() {
        return this._queue.length === 0;
      }
      _tryToRun() {
        var _this = this;
        return _asyncToGenerator2(function* () {
          var args, cb, error, reject, resolve, returned, task;
          if (_this._running < 1 && _this._queue.length > 0) {
            _this._running++;
            var _this$_queue$shift = _this._queue.shift();
            task = _this$_queue$shift.task;
            args = _this$_queue$shift.args;
            resolve = _this$_queue$shift.resolve;
            reject = _this$_queue$shift.reject;
            cb = yield _asyncToGenerator2(function* () {
              try {
                returned = yield task(...args);
                return function() {
                  return resolve(returned);
                };
              } catch (error1) {
                error = error1;
                return function() {
                  return reject(error);
                };
              }
            })();
            _this._running--;
            _this._tryToRun();
            return cb();
          }
        })();
      }
      schedule(task, ...args) {
        var promise, reject, resolve;
        resolve = reject = null;
        promise = new this.Promise(function(_resolve, _reject) {
          resolve = _resolve;
          return reject = _reject;
        });
        this._queue.push({
          task,
          args,
          resolve,
          reject
        });
        this._tryToRun();
        return promise;
      }
    };
    module2.exports = Sync;
  }
});

// node_modules/bottleneck/lib/version.json
var require_version = __commonJS({
  "node_modules/bottleneck/lib/version.json"(exports2, module2) {
    module2.exports = { version: "2.19.5" };
  }
});

// node_modules/bottleneck/lib/Group.js
var require_Group = __commonJS({
  "node_modules/bottleneck/lib/Group.js"(exports2, module2) {
    "use strict";
    function _slicedToArray2(arr, i) {
      return _arrayWithHoles2(arr) || _iterableToArrayLimit2(arr, i) || _nonIterableRest2();
    }
    function _nonIterableRest2() {
      throw new TypeError("Invalid attempt to destructure non-iterable instance");
    }
    function _iterableToArrayLimit2(arr, i) {
      var _arr = [];
      var _n = true;
      var _d = false;
      var _e = void 0;
      try {
        for (var _i = arr[Symbol.iterator](), _s; !(_n = (_s = _i.next()).done); _n = true) {
          _arr.push(_s.value);
          if (i && _arr.length === i) break;
        }
      } catch (err) {
        _d = true;
        _e = err;
      } finally {
        try {
          if (!_n && _i["return"] != null) _i["return"]();
        } finally {
          if (_d) throw _e;
        }
      }
      return _arr;
    }
    function _arrayWithHoles2(arr) {
      if (Array.isArray(arr)) return arr;
    }
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var Events2;
    var Group;
    var IORedisConnection2;
    var RedisConnection2;
    var Scripts2;
    var parser2;
    parser2 = require_parser();
    Events2 = require_Events();
    RedisConnection2 = require_RedisConnection();
    IORedisConnection2 = require_IORedisConnection();
    Scripts2 = require_Scripts();
    Group = function() {
      class Group2 {
        constructor(limiterOptions = {}) {
          this.deleteKey = this.deleteKey.bind(this);
          this.limiterOptions = limiterOptions;
          parser2.load(this.limiterOptions, this.defaults, this);
          this.Events = new Events2(this);
          this.instances = {};
          this.Bottleneck = require_Bottleneck();
          this._startAutoCleanup();
          this.sharedConnection = this.connection != null;
          if (this.connection == null) {
            if (this.limiterOptions.datastore === "redis") {
              this.connection = new RedisConnection2(Object.assign({}, this.limiterOptions, {
                Events: this.Events
              }));
            } else if (this.limiterOptions.datastore === "ioredis") {
              this.connection = new IORedisConnection2(Object.assign({}, this.limiterOptions, {
                Events: this.Events
              }));
            }
          }
        }
        key(key = "") {
          var ref;
          return (ref = this.instances[key]) != null ? ref : (() => {
            var limiter;
            limiter = this.instances[key] = new this.Bottleneck(Object.assign(this.limiterOptions, {
              id: `${this.id}-${key}`,
              timeout: this.timeout,
              connection: this.connection
            }));
            this.Events.trigger("created", limiter, key);
            return limiter;
          })();
        }
        deleteKey(key = "") {
          var _this = this;
          return _asyncToGenerator2(function* () {
            var deleted, instance;
            instance = _this.instances[key];
            if (_this.connection) {
              deleted = yield _this.connection.__runCommand__(["del", ...Scripts2.allKeys(`${_this.id}-${key}`)]);
            }
            if (instance != null) {
              delete _this.instances[key];
              yield instance.disconnect();
            }
            return instance != null || deleted > 0;
          })();
        }
        limiters() {
          var k, ref, results, v;
          ref = this.instances;
          results = [];
          for (k in ref) {
            v = ref[k];
            results.push({
              key: k,
              limiter: v
            });
          }
          return results;
        }
        keys() {
          return Object.keys(this.instances);
        }
        clusterKeys() {
          var _this2 = this;
          return _asyncToGenerator2(function* () {
            var cursor, end, found, i, k, keys, len, next, start;
            if (_this2.connection == null) {
              return _this2.Promise.resolve(_this2.keys());
            }
            keys = [];
            cursor = null;
            start = `b_${_this2.id}-`.length;
            end = "_settings".length;
            while (cursor !== 0) {
              var _ref = yield _this2.connection.__runCommand__(["scan", cursor != null ? cursor : 0, "match", `b_${_this2.id}-*_settings`, "count", 1e4]);
              var _ref2 = _slicedToArray2(_ref, 2);
              next = _ref2[0];
              found = _ref2[1];
              cursor = ~~next;
              for (i = 0, len = found.length; i < len; i++) {
                k = found[i];
                keys.push(k.slice(start, -end));
              }
            }
            return keys;
          })();
        }
        _startAutoCleanup() {
          var _this3 = this;
          var base;
          clearInterval(this.interval);
          return typeof (base = this.interval = setInterval(
            /* @__PURE__ */ _asyncToGenerator2(function* () {
              var e, k, ref, results, time, v;
              time = Date.now();
              ref = _this3.instances;
              results = [];
              for (k in ref) {
                v = ref[k];
                try {
                  if (yield v._store.__groupCheck__(time)) {
                    results.push(_this3.deleteKey(k));
                  } else {
                    results.push(void 0);
                  }
                } catch (error) {
                  e = error;
                  results.push(v.Events.trigger("error", e));
                }
              }
              return results;
            }),
            this.timeout / 2
          )).unref === "function" ? base.unref() : void 0;
        }
        updateSettings(options2 = {}) {
          parser2.overwrite(options2, this.defaults, this);
          parser2.overwrite(options2, options2, this.limiterOptions);
          if (options2.timeout != null) {
            return this._startAutoCleanup();
          }
        }
        disconnect(flush = true) {
          var ref;
          if (!this.sharedConnection) {
            return (ref = this.connection) != null ? ref.disconnect(flush) : void 0;
          }
        }
      }
      ;
      Group2.prototype.defaults = {
        timeout: 1e3 * 60 * 5,
        connection: null,
        Promise,
        id: "group-key"
      };
      return Group2;
    }.call(void 0);
    module2.exports = Group;
  }
});

// node_modules/bottleneck/lib/Batcher.js
var require_Batcher = __commonJS({
  "node_modules/bottleneck/lib/Batcher.js"(exports2, module2) {
    "use strict";
    var Batcher;
    var Events2;
    var parser2;
    parser2 = require_parser();
    Events2 = require_Events();
    Batcher = function() {
      class Batcher2 {
        constructor(options2 = {}) {
          this.options = options2;
          parser2.load(this.options, this.defaults, this);
          this.Events = new Events2(this);
          this._arr = [];
          this._resetPromise();
          this._lastFlush = Date.now();
        }
        _resetPromise() {
          return this._promise = new this.Promise((res, rej) => {
            return this._resolve = res;
          });
        }
        _flush() {
          clearTimeout(this._timeout);
          this._lastFlush = Date.now();
          this._resolve();
          this.Events.trigger("batch", this._arr);
          this._arr = [];
          return this._resetPromise();
        }
        add(data) {
          var ret;
          this._arr.push(data);
          ret = this._promise;
          if (this._arr.length === this.maxSize) {
            this._flush();
          } else if (this.maxTime != null && this._arr.length === 1) {
            this._timeout = setTimeout(() => {
              return this._flush();
            }, this.maxTime);
          }
          return ret;
        }
      }
      ;
      Batcher2.prototype.defaults = {
        maxTime: null,
        maxSize: null,
        Promise
      };
      return Batcher2;
    }.call(void 0);
    module2.exports = Batcher;
  }
});

// node_modules/bottleneck/lib/Bottleneck.js
var require_Bottleneck = __commonJS({
  "node_modules/bottleneck/lib/Bottleneck.js"(exports2, module2) {
    "use strict";
    function _slicedToArray2(arr, i) {
      return _arrayWithHoles2(arr) || _iterableToArrayLimit2(arr, i) || _nonIterableRest2();
    }
    function _iterableToArrayLimit2(arr, i) {
      var _arr = [];
      var _n = true;
      var _d = false;
      var _e = void 0;
      try {
        for (var _i = arr[Symbol.iterator](), _s; !(_n = (_s = _i.next()).done); _n = true) {
          _arr.push(_s.value);
          if (i && _arr.length === i) break;
        }
      } catch (err) {
        _d = true;
        _e = err;
      } finally {
        try {
          if (!_n && _i["return"] != null) _i["return"]();
        } finally {
          if (_d) throw _e;
        }
      }
      return _arr;
    }
    function _toArray(arr) {
      return _arrayWithHoles2(arr) || _iterableToArray(arr) || _nonIterableRest2();
    }
    function _nonIterableRest2() {
      throw new TypeError("Invalid attempt to destructure non-iterable instance");
    }
    function _iterableToArray(iter) {
      if (Symbol.iterator in Object(iter) || Object.prototype.toString.call(iter) === "[object Arguments]") return Array.from(iter);
    }
    function _arrayWithHoles2(arr) {
      if (Array.isArray(arr)) return arr;
    }
    function asyncGeneratorStep2(gen, resolve, reject, _next, _throw, key, arg) {
      try {
        var info = gen[key](arg);
        var value = info.value;
      } catch (error) {
        reject(error);
        return;
      }
      if (info.done) {
        resolve(value);
      } else {
        Promise.resolve(value).then(_next, _throw);
      }
    }
    function _asyncToGenerator2(fn) {
      return function() {
        var self = this, args = arguments;
        return new Promise(function(resolve, reject) {
          var gen = fn.apply(self, args);
          function _next(value) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "next", value);
          }
          function _throw(err) {
            asyncGeneratorStep2(gen, resolve, reject, _next, _throw, "throw", err);
          }
          _next(void 0);
        });
      };
    }
    var Bottleneck2;
    var DEFAULT_PRIORITY;
    var Events2;
    var Job;
    var LocalDatastore;
    var NUM_PRIORITIES;
    var Queues;
    var RedisDatastore;
    var States;
    var Sync;
    var parser2;
    var splice = [].splice;
    NUM_PRIORITIES = 10;
    DEFAULT_PRIORITY = 5;
    parser2 = require_parser();
    Queues = require_Queues();
    Job = require_Job();
    LocalDatastore = require_LocalDatastore();
    RedisDatastore = require_RedisDatastore();
    Events2 = require_Events();
    States = require_States();
    Sync = require_Sync();
    Bottleneck2 = function() {
      class Bottleneck3 {
        constructor(options2 = {}, ...invalid) {
          var storeInstanceOptions, storeOptions;
          this._addToQueue = this._addToQueue.bind(this);
          this._validateOptions(options2, invalid);
          parser2.load(options2, this.instanceDefaults, this);
          this._queues = new Queues(NUM_PRIORITIES);
          this._scheduled = {};
          this._states = new States(["RECEIVED", "QUEUED", "RUNNING", "EXECUTING"].concat(this.trackDoneStatus ? ["DONE"] : []));
          this._limiter = null;
          this.Events = new Events2(this);
          this._submitLock = new Sync("submit", this.Promise);
          this._registerLock = new Sync("register", this.Promise);
          storeOptions = parser2.load(options2, this.storeDefaults, {});
          this._store = function() {
            if (this.datastore === "redis" || this.datastore === "ioredis" || this.connection != null) {
              storeInstanceOptions = parser2.load(options2, this.redisStoreDefaults, {});
              return new RedisDatastore(this, storeOptions, storeInstanceOptions);
            } else if (this.datastore === "local") {
              storeInstanceOptions = parser2.load(options2, this.localStoreDefaults, {});
              return new LocalDatastore(this, storeOptions, storeInstanceOptions);
            } else {
              throw new Bottleneck3.prototype.BottleneckError(`Invalid datastore type: ${this.datastore}`);
            }
          }.call(this);
          this._queues.on("leftzero", () => {
            var ref;
            return (ref = this._store.heartbeat) != null ? typeof ref.ref === "function" ? ref.ref() : void 0 : void 0;
          });
          this._queues.on("zero", () => {
            var ref;
            return (ref = this._store.heartbeat) != null ? typeof ref.unref === "function" ? ref.unref() : void 0 : void 0;
          });
        }
        _validateOptions(options2, invalid) {
          if (!(options2 != null && typeof options2 === "object" && invalid.length === 0)) {
            throw new Bottleneck3.prototype.BottleneckError("Bottleneck v2 takes a single object argument. Refer to https://github.com/SGrondin/bottleneck#upgrading-to-v2 if you're upgrading from Bottleneck v1.");
          }
        }
        ready() {
          return this._store.ready;
        }
        clients() {
          return this._store.clients;
        }
        channel() {
          return `b_${this.id}`;
        }
        channel_client() {
          return `b_${this.id}_${this._store.clientId}`;
        }
        publish(message) {
          return this._store.__publish__(message);
        }
        disconnect(flush = true) {
          return this._store.__disconnect__(flush);
        }
        chain(_limiter) {
          this._limiter = _limiter;
          return this;
        }
        queued(priority) {
          return this._queues.queued(priority);
        }
        clusterQueued() {
          return this._store.__queued__();
        }
        empty() {
          return this.queued() === 0 && this._submitLock.isEmpty();
        }
        running() {
          return this._store.__running__();
        }
        done() {
          return this._store.__done__();
        }
        jobStatus(id) {
          return this._states.jobStatus(id);
        }
        jobs(status) {
          return this._states.statusJobs(status);
        }
        counts() {
          return this._states.statusCounts();
        }
        _randomIndex() {
          return Math.random().toString(36).slice(2);
        }
        check(weight = 1) {
          return this._store.__check__(weight);
        }
        _clearGlobalState(index) {
          if (this._scheduled[index] != null) {
            clearTimeout(this._scheduled[index].expiration);
            delete this._scheduled[index];
            return true;
          } else {
            return false;
          }
        }
        _free(index, job, options2, eventInfo) {
          var _this = this;
          return _asyncToGenerator2(function* () {
            var e, running;
            try {
              var _ref = yield _this._store.__free__(index, options2.weight);
              running = _ref.running;
              _this.Events.trigger("debug", `Freed ${options2.id}`, eventInfo);
              if (running === 0 && _this.empty()) {
                return _this.Events.trigger("idle");
              }
            } catch (error1) {
              e = error1;
              return _this.Events.trigger("error", e);
            }
          })();
        }
        _run(index, job, wait) {
          var clearGlobalState, free, run;
          job.doRun();
          clearGlobalState = this._clearGlobalState.bind(this, index);
          run = this._run.bind(this, index, job);
          free = this._free.bind(this, index, job);
          return this._scheduled[index] = {
            timeout: setTimeout(() => {
              return job.doExecute(this._limiter, clearGlobalState, run, free);
            }, wait),
            expiration: job.options.expiration != null ? setTimeout(function() {
              return job.doExpire(clearGlobalState, run, free);
            }, wait + job.options.expiration) : void 0,
            job
          };
        }
        _drainOne(capacity) {
          return this._registerLock.schedule(() => {
            var args, index, next, options2, queue;
            if (this.queued() === 0) {
              return this.Promise.resolve(null);
            }
            queue = this._queues.getFirst();
            var _next2 = next = queue.first();
            options2 = _next2.options;
            args = _next2.args;
            if (capacity != null && options2.weight > capacity) {
              return this.Promise.resolve(null);
            }
            this.Events.trigger("debug", `Draining ${options2.id}`, {
              args,
              options: options2
            });
            index = this._randomIndex();
            return this._store.__register__(index, options2.weight, options2.expiration).then(({
              success,
              wait,
              reservoir
            }) => {
              var empty;
              this.Events.trigger("debug", `Drained ${options2.id}`, {
                success,
                args,
                options: options2
              });
              if (success) {
                queue.shift();
                empty = this.empty();
                if (empty) {
                  this.Events.trigger("empty");
                }
                if (reservoir === 0) {
                  this.Events.trigger("depleted", empty);
                }
                this._run(index, next, wait);
                return this.Promise.resolve(options2.weight);
              } else {
                return this.Promise.resolve(null);
              }
            });
          });
        }
        _drainAll(capacity, total = 0) {
          return this._drainOne(capacity).then((drained) => {
            var newCapacity;
            if (drained != null) {
              newCapacity = capacity != null ? capacity - drained : capacity;
              return this._drainAll(newCapacity, total + drained);
            } else {
              return this.Promise.resolve(total);
            }
          }).catch((e) => {
            return this.Events.trigger("error", e);
          });
        }
        _dropAllQueued(message) {
          return this._queues.shiftAll(function(job) {
            return job.doDrop({
              message
            });
          });
        }
        stop(options2 = {}) {
          var done, waitForExecuting;
          options2 = parser2.load(options2, this.stopDefaults);
          waitForExecuting = (at) => {
            var finished;
            finished = () => {
              var counts;
              counts = this._states.counts;
              return counts[0] + counts[1] + counts[2] + counts[3] === at;
            };
            return new this.Promise((resolve, reject) => {
              if (finished()) {
                return resolve();
              } else {
                return this.on("done", () => {
                  if (finished()) {
                    this.removeAllListeners("done");
                    return resolve();
                  }
                });
              }
            });
          };
          done = options2.dropWaitingJobs ? (this._run = function(index, next) {
            return next.doDrop({
              message: options2.dropErrorMessage
            });
          }, this._drainOne = () => {
            return this.Promise.resolve(null);
          }, this._registerLock.schedule(() => {
            return this._submitLock.schedule(() => {
              var k, ref, v;
              ref = this._scheduled;
              for (k in ref) {
                v = ref[k];
                if (this.jobStatus(v.job.options.id) === "RUNNING") {
                  clearTimeout(v.timeout);
                  clearTimeout(v.expiration);
                  v.job.doDrop({
                    message: options2.dropErrorMessage
                  });
                }
              }
              this._dropAllQueued(options2.dropErrorMessage);
              return waitForExecuting(0);
            });
          })) : this.schedule({
            priority: NUM_PRIORITIES - 1,
            weight: 0
          }, () => {
            return waitForExecuting(1);
          });
          this._receive = function(job) {
            return job._reject(new Bottleneck3.prototype.BottleneckError(options2.enqueueErrorMessage));
          };
          this.stop = () => {
            return this.Promise.reject(new Bottleneck3.prototype.BottleneckError("stop() has already been called"));
          };
          return done;
        }
        _addToQueue(job) {
          var _this2 = this;
          return _asyncToGenerator2(function* () {
            var args, blocked, error, options2, reachedHWM, shifted, strategy;
            args = job.args;
            options2 = job.options;
            try {
              var _ref2 = yield _this2._store.__submit__(_this2.queued(), options2.weight);
              reachedHWM = _ref2.reachedHWM;
              blocked = _ref2.blocked;
              strategy = _ref2.strategy;
            } catch (error1) {
              error = error1;
              _this2.Events.trigger("debug", `Could not queue ${options2.id}`, {
                args,
                options: options2,
                error
              });
              job.doDrop({
                error
              });
              return false;
            }
            if (blocked) {
              job.doDrop();
              return true;
            } else if (reachedHWM) {
              shifted = strategy === Bottleneck3.prototype.strategy.LEAK ? _this2._queues.shiftLastFrom(options2.priority) : strategy === Bottleneck3.prototype.strategy.OVERFLOW_PRIORITY ? _this2._queues.shiftLastFrom(options2.priority + 1) : strategy === Bottleneck3.prototype.strategy.OVERFLOW ? job : void 0;
              if (shifted != null) {
                shifted.doDrop();
              }
              if (shifted == null || strategy === Bottleneck3.prototype.strategy.OVERFLOW) {
                if (shifted == null) {
                  job.doDrop();
                }
                return reachedHWM;
              }
            }
            job.doQueue(reachedHWM, blocked);
            _this2._queues.push(job);
            yield _this2._drainAll();
            return reachedHWM;
          })();
        }
        _receive(job) {
          if (this._states.jobStatus(job.options.id) != null) {
            job._reject(new Bottleneck3.prototype.BottleneckError(`A job with the same id already exists (id=${job.options.id})`));
            return false;
          } else {
            job.doReceive();
            return this._submitLock.schedule(this._addToQueue, job);
          }
        }
        submit(...args) {
          var cb, fn, job, options2, ref, ref1, task;
          if (typeof args[0] === "function") {
            var _ref3, _ref4, _splice$call, _splice$call2;
            ref = args, _ref3 = ref, _ref4 = _toArray(_ref3), fn = _ref4[0], args = _ref4.slice(1), _ref3, _splice$call = splice.call(args, -1), _splice$call2 = _slicedToArray2(_splice$call, 1), cb = _splice$call2[0], _splice$call;
            options2 = parser2.load({}, this.jobDefaults);
          } else {
            var _ref5, _ref6, _splice$call3, _splice$call4;
            ref1 = args, _ref5 = ref1, _ref6 = _toArray(_ref5), options2 = _ref6[0], fn = _ref6[1], args = _ref6.slice(2), _ref5, _splice$call3 = splice.call(args, -1), _splice$call4 = _slicedToArray2(_splice$call3, 1), cb = _splice$call4[0], _splice$call3;
            options2 = parser2.load(options2, this.jobDefaults);
          }
          task = (...args2) => {
            return new this.Promise(function(resolve, reject) {
              return fn(...args2, function(...args3) {
                return (args3[0] != null ? reject : resolve)(args3);
              });
            });
          };
          job = new Job(task, args, options2, this.jobDefaults, this.rejectOnDrop, this.Events, this._states, this.Promise);
          job.promise.then(function(args2) {
            return typeof cb === "function" ? cb(...args2) : void 0;
          }).catch(function(args2) {
            if (Array.isArray(args2)) {
              return typeof cb === "function" ? cb(...args2) : void 0;
            } else {
              return typeof cb === "function" ? cb(args2) : void 0;
            }
          });
          return this._receive(job);
        }
        schedule(...args) {
          var job, options2, task;
          if (typeof args[0] === "function") {
            var _args = args;
            var _args2 = _toArray(_args);
            task = _args2[0];
            args = _args2.slice(1);
            options2 = {};
          } else {
            var _args3 = args;
            var _args4 = _toArray(_args3);
            options2 = _args4[0];
            task = _args4[1];
            args = _args4.slice(2);
          }
          job = new Job(task, args, options2, this.jobDefaults, this.rejectOnDrop, this.Events, this._states, this.Promise);
          this._receive(job);
          return job.promise;
        }
        wrap(fn) {
          var schedule, wrapped;
          schedule = this.schedule.bind(this);
          wrapped = function wrapped2(...args) {
            return schedule(fn.bind(this), ...args);
          };
          wrapped.withOptions = function(options2, ...args) {
            return schedule(options2, fn, ...args);
          };
          return wrapped;
        }
        updateSettings(options2 = {}) {
          var _this3 = this;
          return _asyncToGenerator2(function* () {
            yield _this3._store.__updateSettings__(parser2.overwrite(options2, _this3.storeDefaults));
            parser2.overwrite(options2, _this3.instanceDefaults, _this3);
            return _this3;
          })();
        }
        currentReservoir() {
          return this._store.__currentReservoir__();
        }
        incrementReservoir(incr = 0) {
          return this._store.__incrementReservoir__(incr);
        }
      }
      ;
      Bottleneck3.default = Bottleneck3;
      Bottleneck3.Events = Events2;
      Bottleneck3.version = Bottleneck3.prototype.version = require_version().version;
      Bottleneck3.strategy = Bottleneck3.prototype.strategy = {
        LEAK: 1,
        OVERFLOW: 2,
        OVERFLOW_PRIORITY: 4,
        BLOCK: 3
      };
      Bottleneck3.BottleneckError = Bottleneck3.prototype.BottleneckError = require_BottleneckError();
      Bottleneck3.Group = Bottleneck3.prototype.Group = require_Group();
      Bottleneck3.RedisConnection = Bottleneck3.prototype.RedisConnection = require_RedisConnection();
      Bottleneck3.IORedisConnection = Bottleneck3.prototype.IORedisConnection = require_IORedisConnection();
      Bottleneck3.Batcher = Bottleneck3.prototype.Batcher = require_Batcher();
      Bottleneck3.prototype.jobDefaults = {
        priority: DEFAULT_PRIORITY,
        weight: 1,
        expiration: null,
        id: "<no-id>"
      };
      Bottleneck3.prototype.storeDefaults = {
        maxConcurrent: null,
        minTime: 0,
        highWater: null,
        strategy: Bottleneck3.prototype.strategy.LEAK,
        penalty: null,
        reservoir: null,
        reservoirRefreshInterval: null,
        reservoirRefreshAmount: null,
        reservoirIncreaseInterval: null,
        reservoirIncreaseAmount: null,
        reservoirIncreaseMaximum: null
      };
      Bottleneck3.prototype.localStoreDefaults = {
        Promise,
        timeout: null,
        heartbeatInterval: 250
      };
      Bottleneck3.prototype.redisStoreDefaults = {
        Promise,
        timeout: null,
        heartbeatInterval: 5e3,
        clientTimeout: 1e4,
        Redis: null,
        clientOptions: {},
        clusterNodes: null,
        clearDatastore: false,
        connection: null
      };
      Bottleneck3.prototype.instanceDefaults = {
        datastore: "local",
        connection: null,
        id: "<no-id>",
        rejectOnDrop: true,
        trackDoneStatus: false,
        Promise
      };
      Bottleneck3.prototype.stopDefaults = {
        enqueueErrorMessage: "This limiter has been stopped and cannot accept new jobs.",
        dropWaitingJobs: true,
        dropErrorMessage: "This limiter has been stopped."
      };
      return Bottleneck3;
    }.call(void 0);
    module2.exports = Bottleneck2;
  }
});

// node_modules/bottleneck/lib/index.js
var require_lib = __commonJS({
  "node_modules/bottleneck/lib/index.js"(exports2, module2) {
    "use strict";
    module2.exports = require_Bottleneck();
  }
});

// node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var import_light = __toESM(require_light(), 1);
var VERSION = "0.0.0-development";
var noop = () => Promise.resolve();
function wrapRequest(state, request, options2) {
  return state.retryLimiter.schedule(doRequest, state, request, options2);
}
async function doRequest(state, request, options2) {
  const { pathname } = new URL(options2.url, "http://github.test");
  const isAuth = isAuthRequest(options2.method, pathname);
  const isWrite = !isAuth && options2.method !== "GET" && options2.method !== "HEAD";
  const isSearch = options2.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options2);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];
function routeMatcher(paths) {
  const regexes = paths.map(
    (path) => path.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck2, common) {
  groups.global = new Bottleneck2.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck2.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck2.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck2.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck2.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck: Bottleneck2 = import_light.default,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck2, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck2();
    const events = {};
    const emitter = new Bottleneck2.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request, options2] = info.args;
      const { pathname } = new URL(options2.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options2.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options2,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options2,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options2) => {
    initializeBottleneck();
    return wrapRequest(state, request, options2);
  });
  return {};
}
throttling.VERSION = VERSION;
throttling.triggersNotification = triggersNotification;

// src/github/octokit.ts
var import_bottleneck = __toESM(require_lib(), 1);
var WRITE_LIMITER = new import_bottleneck.default.Group({ maxConcurrent: 1, minTime: 0 });
var DEFAULT_GITHUB_API_URL = "https://api.github.com";
var RATE_LIMIT_RETRIES = 2;
var MAX_RATE_LIMIT_WAIT_SECONDS = 15 * 60;
function createOctokit(options2) {
  const log = options2.log;
  const baseMs = options2.retryBaseMs ?? 1e3;
  const onLimit = (kind) => (retryAfter, request, octokit, retryCount) => {
    const warn = (message) => log ? log.warning(message) : octokit.log.warn(message);
    const what = `GitHub ${kind} rate limit on ${request.method} ${request.url}`;
    if (retryCount < RATE_LIMIT_RETRIES && retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS) {
      warn(`${what}; retrying in ${retryAfter}s (retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES})`);
      return true;
    }
    warn(`${what}; giving up after ${retryCount} retries (reset in ${retryAfter}s)`);
    return false;
  };
  return getOctokit(
    options2.token,
    {
      baseUrl: (options2.baseUrl ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, ""),
      request: { fetch: options2.fetch ?? globalThis.fetch },
      ...log ? { log: octokitLog(log) } : {},
      retry: { retryAfterBaseValue: baseMs },
      throttle: options2.throttle === false ? { enabled: false } : {
        ...options2.throttleId !== void 0 ? { id: options2.throttleId } : {},
        retryAfterBaseValue: baseMs,
        // The plugin spaces writes 1 s apart by default, which costs a run seconds for its
        // 3–5 writes. Writes stay serialised; secondary limits are still retried above.
        write: WRITE_LIMITER,
        onRateLimit: onLimit("primary"),
        onSecondaryRateLimit: onLimit("secondary")
      }
    },
    retry,
    throttling
  );
}
function octokitLog(log) {
  return {
    debug: () => {
    },
    info: (message) => log.info(message),
    warn: (message) => log.warning(message),
    error: (message) => log.error(message)
  };
}
function isRequestError(e) {
  if (!(e instanceof Error)) return false;
  const candidate = e;
  return typeof candidate.status === "number" && typeof candidate.request === "object" && candidate.request !== null && typeof candidate.request.method === "string";
}
function statusOf(e) {
  return isRequestError(e) ? e.status : void 0;
}
function isRateLimitError(e) {
  if (!isRequestError(e) || e.status !== 403 && e.status !== 429) return false;
  if (e.status === 429) return true;
  const headers = e.response?.headers ?? {};
  return headers["x-ratelimit-remaining"] === "0" || headers["retry-after"] !== void 0;
}
var MissingPermissionError = class extends Error {
  /** The permission to grant, as written in a workflow `permissions:` block, e.g. `checks: write`. */
  permission;
  status;
  constructor(permission, action, options2) {
    super(
      `Truss could not ${action}: the GitHub token is missing the \`${permission}\` permission. Add \`${permission}\` to the workflow's \`permissions:\` block (or grant it to the GitHub App). Pull requests from forks get a read-only token; run Truss for them from a trusted event instead.`,
      options2
    );
    this.name = "MissingPermissionError";
    this.permission = permission;
    this.status = 403;
  }
};
function toMissingPermission(e, permission, action) {
  if (statusOf(e) === 403 && !isRateLimitError(e)) {
    return new MissingPermissionError(permission, action, { cause: e });
  }
  return e;
}

// src/github/human-review-check.ts
var HUMAN_REVIEW_CHECK = "truss / human review";
async function postHumanReviewCheck(options2) {
  if (options2.dryRun) return null;
  try {
    const { data } = await options2.octokit.rest.checks.create({
      owner: options2.owner,
      repo: options2.repo,
      name: HUMAN_REVIEW_CHECK,
      head_sha: options2.headSha,
      status: "completed",
      conclusion: options2.conclusion,
      completed_at: (/* @__PURE__ */ new Date()).toISOString(),
      ...options2.detailsUrl ? { details_url: options2.detailsUrl } : {},
      output: { title: options2.title, summary: options2.summary }
    });
    return data.html_url ?? null;
  } catch (error) {
    throw toMissingPermission(error, "checks: write", `create the ${HUMAN_REVIEW_CHECK} check`);
  }
}
async function markHumanReviewStale(options2) {
  const { octokit, owner, repo } = options2;
  const { data } = await octokit.rest.checks.listForRef({
    owner,
    repo,
    ref: options2.previousSha,
    check_name: HUMAN_REVIEW_CHECK,
    per_page: 1
  });
  const previous = data.check_runs[0];
  if (!previous) return false;
  await postHumanReviewCheck({
    octokit,
    owner,
    repo,
    headSha: options2.headSha,
    conclusion: "action_required",
    title: "New commits: the sign-off is stale",
    summary: [
      `The pull request head moved from ${options2.previousSha.slice(0, 7)} to ${options2.headSha.slice(0, 7)}.`,
      `The last human review (${previous.conclusion ?? previous.status}) attested the evidence for ${options2.previousSha.slice(0, 7)}, which no longer describes this head.`,
      "Run truss on the new head (`/truss run`), then approve the pull request to sign off again."
    ].join("\n\n"),
    detailsUrl: null,
    dryRun: options2.dryRun
  });
  return true;
}

// src/github/check-runs.ts
var MAX_ANNOTATIONS_PER_REQUEST = 50;
var MAX_CHECK_TEXT = 65535;
var TRUNCATED_NOTE = "\n\n\u2026 (truncated)";
var PERMISSION = "checks: write";
async function startCheckRun(options2) {
  const { octokit, owner, repo, name, headSha, dryRun } = options2;
  if (dryRun) {
    octokit.log.info(`dry run: would start check run "${name}" on ${headSha}`);
    return { id: null, url: null };
  }
  if (options2.existingId) {
    try {
      const { data } = await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: options2.existingId,
        name,
        status: "in_progress",
        started_at: (options2.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
        ...options2.detailsUrl !== void 0 ? { details_url: options2.detailsUrl } : {}
      });
      return { id: data.id, url: data.html_url };
    } catch (error) {
      throw toMissingPermission(error, PERMISSION, `update the queued check run ${options2.existingId}`);
    }
  }
  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      status: "in_progress",
      started_at: (options2.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
      ...options2.externalId !== void 0 ? { external_id: options2.externalId } : {},
      ...options2.detailsUrl !== void 0 ? { details_url: options2.detailsUrl } : {}
    });
    return { id: data.id, url: data.html_url };
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `create the check run "${name}"`);
  }
}
async function completeCheckRun(options2) {
  const { octokit, owner, repo, checkRunId, conclusion, output, dryRun } = options2;
  const annotations = [...output.annotations ?? []];
  const batches = [];
  for (let i = 0; i < annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST) {
    batches.push(annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  }
  if (dryRun) {
    octokit.log.info(
      `dry run: would complete check run ${checkRunId} as ${conclusion} (${annotations.length} annotations)`
    );
    return { requests: 0 };
  }
  const base = {
    title: output.title,
    summary: clipCheckText(output.summary),
    ...output.text !== void 0 ? { text: clipCheckText(output.text) } : {}
  };
  try {
    await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: checkRunId,
      status: "completed",
      conclusion,
      completed_at: (options2.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
      output: { ...base, ...batches[0] ? { annotations: batches[0] } : {} }
    });
    for (const batch of batches.slice(1)) {
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: checkRunId,
        output: { ...base, annotations: batch }
      });
    }
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `update check run ${checkRunId}`);
  }
  return { requests: Math.max(1, batches.length) };
}
async function skipCheckRun(options2) {
  const { octokit, owner, repo, name, headSha, dryRun } = options2;
  if (dryRun) {
    octokit.log.info(`dry run: would complete check run "${name}" on ${headSha} as skipped`);
    return { id: null, url: null };
  }
  const completed = {
    status: "completed",
    conclusion: "skipped",
    completed_at: (options2.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
    output: { title: options2.output.title, summary: clipCheckText(options2.output.summary) },
    ...options2.detailsUrl !== void 0 ? { details_url: options2.detailsUrl } : {}
  };
  try {
    const { data } = options2.existingId ? await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: options2.existingId,
      name,
      ...completed
    }) : await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      ...completed,
      ...options2.externalId !== void 0 ? { external_id: options2.externalId } : {}
    });
    return { id: data.id, url: data.html_url };
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `complete the check run "${name}" as skipped`);
  }
}
function clipCheckText(text) {
  if (text.length <= MAX_CHECK_TEXT) return text;
  let kept = text.slice(0, MAX_CHECK_TEXT - TRUNCATED_NOTE.length);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}${TRUNCATED_NOTE}`;
}
async function findCheckRuns(options2) {
  const { octokit, owner, repo, ref, checkName } = options2;
  const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
    owner,
    repo,
    ref,
    ...checkName !== void 0 ? { check_name: checkName } : {},
    per_page: 100
  });
  return runs.map((run) => ({
    id: run.id,
    name: run.name,
    headSha: run.head_sha,
    status: run.status,
    conclusion: run.conclusion ?? null,
    externalId: run.external_id || null,
    detailsUrl: run.details_url ?? null,
    url: run.html_url ?? null,
    startedAt: run.started_at ?? null,
    completedAt: run.completed_at ?? null,
    outputTitle: run.output?.title ?? null,
    outputSummary: run.output?.summary ?? null
  }));
}

// src/github/render/budget.ts
var CHECK_OUTPUT_LIMIT = 65535;
var COMMENT_LIMIT = 65536;
var STEP_SUMMARY_LIMIT = 1024 * 1024;
function sizeOf(text) {
  return Buffer.byteLength(text, "utf8");
}
var LEVELS = [
  {
    reasoningChars: 4e3,
    showVotes: true,
    tailChars: 4e3,
    cellChars: 1e3,
    maxRows: Number.POSITIVE_INFINITY
  },
  {
    reasoningChars: 1e3,
    showVotes: true,
    tailChars: 1500,
    cellChars: 1e3,
    maxRows: Number.POSITIVE_INFINITY
  },
  { reasoningChars: 300, showVotes: true, tailChars: 500, cellChars: 500, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 120, showVotes: true, tailChars: 200, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: true, tailChars: 0, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 200, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: Number.POSITIVE_INFINITY }
];
function truncationNote(detail, limitLabel, report, shows) {
  const longest = (texts) => texts.reduce((n, t) => Math.max(n, t.length), 0);
  const votes = report.clauses.flatMap((c) => c.votes);
  const checks = report.clauses.flatMap((c) => c.check ? [c.check] : []);
  const reasoning = longest(votes.map((v) => v.reasoning));
  const tail = longest(checks.flatMap((c) => [c.stdoutTail, c.stderrTail]));
  const cell = longest(report.clauses.flatMap((c) => [c.desc, c.reason, ...c.evidenceNotes]));
  const parts = [];
  if (shows.votes && votes.length > 0) {
    if (!detail.showVotes) parts.push("panel votes omitted");
    else if (detail.reasoningChars === 0 && reasoning > 0) parts.push("panel reasoning omitted");
    else if (reasoning > detail.reasoningChars)
      parts.push(`panel reasoning cut to ${detail.reasoningChars} characters per seat`);
  }
  if (shows.tails && tail > 0) {
    if (detail.tailChars === 0) parts.push("check output tails omitted");
    else if (tail > detail.tailChars)
      parts.push(`check output tails cut to the last ${detail.tailChars} characters`);
  }
  if (cell > detail.cellChars)
    parts.push(`clause descriptions and reasons cut to ${detail.cellChars} characters`);
  const clauseCount = report.clauses.length;
  if (detail.maxRows < clauseCount) parts.push(`only ${detail.maxRows} of ${clauseCount} clause rows shown`);
  if (parts.length === 0) return null;
  return `\u2702\uFE0F **Truncated to fit ${limitLabel}:** ${parts.join("; ")}. The signed ledger bundle has everything.`;
}
function renderWithin(limit, clauseCount, render) {
  for (const detail of LEVELS) {
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  const lean = LEVELS[LEVELS.length - 1];
  let rows = clauseCount;
  while (rows > 0) {
    rows = Math.floor(rows / 2);
    const detail = { ...lean, maxRows: rows };
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  return null;
}

// src/github/render/escape.ts
var ZWJ = "\u200D";
var CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
var BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
function normalizeText(text) {
  return text.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").replace(CONTROL, "").replace(BIDI, "\uFFFD");
}
function neutralizeMentions(text) {
  return text.replace(/@(?=[A-Za-z0-9_-])/g, `@${ZWJ}`).replace(/#(?=\d)/g, `#${ZWJ}`);
}
function breakCommentDelimiters(text) {
  return text.replace(/<!--/g, `<!-${ZWJ}-`).replace(/--(!?)>/g, `-${ZWJ}-$1>`);
}
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
var MARKDOWN_PUNCT = /[\\`*_{}[\]()|~!#]/g;
function inlineText(text, maxChars = Number.POSITIVE_INFINITY) {
  const clipped = clipHead(normalizeText(text).trim(), maxChars);
  const markdown = neutralizeMentions(clipped).replace(MARKDOWN_PUNCT, (c) => `\\${c}`).replace(/^([+=-])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");
  return escapeHtml(markdown).replace(/[ \t]*\n[ \t]*/g, "<br>");
}
function htmlText(text, maxChars = Number.POSITIVE_INFINITY) {
  return escapeHtml(neutralizeMentions(clipHead(normalizeText(text), maxChars))).replace(/[\\`*_[\]|~]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`).replace(/\s+/g, " ").trim();
}
function longestRun(text, char) {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}
function fencedBlock(text, info = "") {
  const body = breakCommentDelimiters(neutralizeMentions(normalizeText(text))).replace(/\n+$/, "");
  const fence = "`".repeat(Math.max(3, longestRun(body, "`") + 1));
  return `${fence}${info.replace(/[`\s]/g, "")}
${body}
${fence}`;
}
function codeSpan(text) {
  const body = breakCommentDelimiters(neutralizeMentions(normalizeText(text))).replace(/\s+/g, " ").replace(/\|/g, "\\|");
  const ticks = "`".repeat(longestRun(body, "`") + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${ticks}${pad}${body}${pad}${ticks}`;
}
function safeUrl(url) {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed.href.replace(
      /[()<>\s"'`|]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
    );
  } catch {
    return null;
  }
}
function shellQuote(text) {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
function safeCut(text, at) {
  const code = text.charCodeAt(at);
  return at > 0 && code >= 56320 && code <= 57343 ? at - 1 : at;
}
function clipHead(text, maxChars) {
  if (text.length <= maxChars) return text;
  const cut = safeCut(text, Math.max(0, Math.floor(maxChars)));
  return `${text.slice(0, cut)}\u2026 [truncated ${text.length - cut} chars]`;
}
function clipTail(text, maxChars) {
  if (text.length <= maxChars) return text;
  let start = safeCut(text, text.length - Math.max(0, Math.floor(maxChars)));
  const newline = text.indexOf("\n", start);
  if (newline !== -1 && newline - start < 200 && newline + 1 < text.length) start = newline + 1;
  return `[\u2026 ${start} earlier chars truncated]
${text.slice(start)}`;
}

// src/github/render/citations.ts
var MAX_CITATION_ANNOTATIONS = 150;
var MESSAGE_CHARS = 2e3;
var TITLE_CHARS = 255;
var LEVEL = {
  not_met: "failure",
  unverifiable: "warning",
  met: "notice"
};
var LEVEL_ORDER = ["failure", "warning", "notice"];
function placedFindings(report) {
  return report.clauses.flatMap(
    (clause) => clause.votes.flatMap(
      (vote) => vote.citations.filter((c) => c.anchored && c.path !== null).map((citation) => ({ clause, vote, citation }))
    )
  );
}
function seatLabel(vote) {
  return `Seat ${vote.seat + 1} \xB7 ${plain(vote.lens, 40)} lens \xB7 ${vote.vote.replace("_", " ")}`;
}
function plain(text, max) {
  return clipHead(neutralizeMentions(normalizeText(text)), max);
}
function findingText(found) {
  const { clause, vote, citation } = found;
  return plain(
    `${citation.problem || "(no description)"}

${seatLabel(vote)} (${vote.provider}/${vote.model}) on clause ${clause.index + 1}: ${clause.desc}`,
    MESSAGE_CHARS
  );
}
function citationAnnotations(report) {
  const all = placedFindings(report).map((found) => ({
    path: found.citation.path,
    start_line: found.citation.start_line,
    end_line: found.citation.end_line,
    annotation_level: LEVEL[found.vote.vote] ?? "warning",
    title: plain(`${seatLabel(found.vote)} \xB7 clause ${found.clause.index + 1}`, TITLE_CHARS),
    message: findingText(found)
  }));
  return all.map((annotation, order) => ({ annotation, order })).sort(
    (a, b) => LEVEL_ORDER.indexOf(a.annotation.annotation_level) - LEVEL_ORDER.indexOf(b.annotation.annotation_level) || a.order - b.order
  ).slice(0, MAX_CITATION_ANNOTATIONS).sort((a, b) => a.order - b.order).map(({ annotation }) => annotation);
}
function citedLines(citation) {
  if (citation.path === null || citation.start_line === null) return citation.location;
  const end = citation.end_line !== null && citation.end_line !== citation.start_line ? `-${citation.end_line}` : "";
  return `${citation.path}:${citation.start_line}${end}`;
}
function findingsList(clause, problemChars) {
  const items = clause.votes.flatMap(
    (vote) => vote.citations.map((citation) => {
      const where2 = codeSpan(citation.anchored ? citedLines(citation) : citation.location || "(no location)");
      const why = citation.anchored ? "" : ` _(not on a changed line: ${inlineText(citation.unanchored ?? "not anchored", 120)})_`;
      return `- Seat ${vote.seat + 1} (${inlineText(vote.lens, 40)}) \xB7 ${where2}${why} \u2014 ${inlineText(citation.problem, problemChars) || "_(no description)_"}`;
    })
  );
  return items.length > 0 ? `Findings:

${items.join("\n")}` : null;
}

// src/github/render/parts.ts
var STATUS_EMOJI = { met: "\u2705", not_met: "\u274C", unverifiable: "\u2754" };
var STATUS_LABEL = {
  met: "met",
  not_met: "not met",
  unverifiable: "unverifiable"
};
var OVERALL_EMOJI = {
  pass: "\u2705",
  fail: "\u274C",
  unverifiable: "\u2754",
  failed_run: "\u26D4",
  suspended: "\u23F8\uFE0F"
};
var OVERALL_WORD = {
  pass: "PASS",
  fail: "FAIL",
  unverifiable: "UNVERIFIABLE",
  failed_run: "RUN FAILED",
  suspended: "SUSPENDED"
};
var SCRIPTED_BANNER = "panel is SCRIPTED \u2014 fixture answers, not a model";
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function count(clauses, status) {
  return clauses.filter((c) => c.status === status).length;
}
function countsPhrase(report) {
  const n = report.clauses.length;
  const noun = n === 1 ? "clause" : "clauses";
  switch (report.overall) {
    case "pass":
      return `${count(report.clauses, "met")}/${n} ${noun} met`;
    case "fail":
      return `${count(report.clauses, "not_met")} of ${n} ${noun} not met`;
    case "unverifiable":
      return `${count(report.clauses, "unverifiable")} of ${n} ${noun} unverifiable`;
    case "failed_run":
      return "no verdict";
    case "suspended":
      return "awaiting approval";
  }
}
function titleFor(report) {
  const scripted = report.scripted ? " \xB7 SCRIPTED panel" : "";
  return `${OVERALL_WORD[report.overall]} \xB7 ${countsPhrase(report)}${scripted}`;
}
function verdictInTitle(title) {
  const word = title?.split(" \xB7 ", 1)[0];
  const found = Object.entries(OVERALL_WORD).find(([, w]) => w === word);
  return found ? found[0] : null;
}
function contractLabel(report) {
  const title = report.title ? ` \u2014 ${inlineText(report.title, 200)}` : "";
  return `${codeSpan(report.contractId)}${title}`;
}
function headline(report, level = "##") {
  return `${level} ${OVERALL_EMOJI[report.overall]} ${OVERALL_WORD[report.overall]} \xB7 ${contractLabel(report)} \xB7 ${countsPhrase(report)}`;
}
function banners(report, detail) {
  const out = [];
  if (report.scripted) {
    out.push(
      `> [!WARNING]
> \u{1F9EA} **This ${SCRIPTED_BANNER}.** The review votes below replay a fixture file; they are a demo or a test, not an independent review.`
    );
  }
  if (report.runError !== null) {
    out.push(
      `> [!CAUTION]
> \u26D4 **The run failed before a verdict** (fail-closed, never a PASS): ${inlineText(report.runError, Math.max(detail.cellChars, 500))}`
    );
  }
  if (report.suspension !== null) {
    out.push(
      `> [!IMPORTANT]
> \u23F8\uFE0F **Suspended at seq ${report.suspension.seq}: ${inlineText(report.suspension.reason, 500)}**
> To release it, a maintainer with write access comments ${codeSpan("/truss approve [note]")} (or ${codeSpan("/truss reject [note]")}) on the pull request, or approves it in a review; the run then resumes from its ledger artifact, which is verified first. Nothing after the gate ran.`
    );
  }
  if (report.changes !== null) {
    const c = report.changes;
    const where2 = c.pullRequestUrl ? `opened ${safeUrl(c.pullRequestUrl) ?? inlineText(c.pullRequestUrl, 200)}` : c.branch ? `on branch ${codeSpan(c.branch)}` : "";
    const commit = c.commit ? ` commit ${codeSpan(c.commit.slice(0, 12))}` : "";
    out.push(
      `> \u{1F4E4} **Changes (${inlineText(c.mode, 20)}): ${inlineText(c.status, 40)}**${commit} ${where2}${c.detail ? ` \u2014 ${inlineText(c.detail, 300)}` : ""}`.trimEnd()
    );
  }
  if (report.isolation !== null) {
    const line = isolationLine(report.isolation);
    out.push(
      report.isolation.level === "none" ? `> [!WARNING]
> \u{1F513} **${line}.** See docs/security.md.` : `> \u{1F512} ${line}`
    );
  }
  if (report.forced.length > 0) {
    const reasons = report.forced.map((f) => `> - ${inlineText(f, Math.max(detail.cellChars, 300))}`).join("\n");
    out.push(
      `> [!CAUTION]
> \u26A0\uFE0F **Verdict forced to ${OVERALL_WORD[report.overall]}** (fail-closed):
${reasons}`
    );
  }
  return out;
}
function intentQuote(report, maxChars) {
  if (!report.intent.trim()) return null;
  return `> **Intent:** ${inlineText(report.intent, maxChars)}`;
}
function visibleClauses(report, maxRows) {
  if (report.clauses.length <= maxRows) return report.clauses;
  const rank = { not_met: 0, unverifiable: 1, met: 2 };
  const kept = new Set(
    [...report.clauses].sort((a, b) => rank[a.status] - rank[b.status] || a.index - b.index).slice(0, maxRows).map((c) => c.index)
  );
  return report.clauses.filter((c) => kept.has(c.index));
}
function clauseTable(report, detail) {
  if (report.clauses.length === 0) {
    return report.overall === "failed_run" ? "_No clause was judged: the run ended without a verdict._" : "_The contract has no clauses._";
  }
  const rows = visibleClauses(report, detail.maxRows).map(
    (c) => `| ${c.index + 1} | ${STATUS_EMOJI[c.status]} ${STATUS_LABEL[c.status]} | ${c.kind} | ${inlineText(c.desc, detail.cellChars)} | ${inlineText(c.reason, detail.cellChars)} |`
  );
  const lines = ["| # | Result | Kind | Clause | Reason |", "| ---: | --- | --- | --- | --- |", ...rows];
  const hidden = report.clauses.length - rows.length;
  if (hidden > 0) {
    const shown = new Set(visibleClauses(report, detail.maxRows).map((c) => c.index));
    const rest = report.clauses.filter((c) => !shown.has(c.index));
    const tally = ["met", "not_met", "unverifiable"].map((s) => [s, count(rest, s)]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${STATUS_LABEL[s]}`).join(", ");
    lines.push("", `_\u2026 ${plural(hidden, "more clause")} not shown (${tally})._`);
  }
  return lines.join("\n");
}
function evidenceNotes(report, detail) {
  const items = report.clauses.flatMap(
    (c) => c.evidenceNotes.map((note) => `- Clause ${c.index + 1}: ${inlineText(note, detail.cellChars)}`)
  );
  if (items.length === 0) return null;
  const shown = items.slice(0, Math.max(10, Math.min(items.length, detail.maxRows)));
  if (shown.length < items.length) shown.push(`- _\u2026 ${items.length - shown.length} more notes not shown._`);
  return `**\u26A0\uFE0F Evidence limits hit** (reviewers saw less than everything):

${shown.join("\n")}`;
}
function checksProvenance(report, detail) {
  const lines = [];
  const where2 = checkoutLine(report.checkout);
  if (where2) lines.push(`- ${inlineText(where2, Math.max(detail.cellChars, 300))}`);
  for (const clause of report.clauses) {
    const line = selfValidationLine(clause);
    if (line) lines.push(`- Clause ${clause.index + 1}: ${inlineText(line, detail.cellChars)}`);
  }
  return lines.length > 0 ? `**Checks provenance**

${lines.join("\n")}` : null;
}
function voteTally(votes) {
  return ["met", "not_met", "unverifiable"].map((s) => [s, votes.filter((v) => v.vote === s).length]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${STATUS_LABEL[s]}`).join(" \xB7 ");
}
function votesSection(report, detail) {
  const reviewed = report.clauses.filter((c) => c.votes.length > 0);
  if (reviewed.length === 0 || !detail.showVotes) return null;
  const seats = reviewed.reduce((n, c) => n + c.votes.length, 0);
  const withReasoning = detail.reasoningChars > 0;
  const blocks = reviewed.map((c) => {
    const header = withReasoning ? "| Seat | Lens | Provider / model | Vote | Reasoning |\n| ---: | --- | --- | --- | --- |" : "| Seat | Lens | Provider / model | Vote |\n| ---: | --- | --- | --- |";
    const rows = c.votes.map((v) => {
      const cells = [
        String(v.seat + 1),
        inlineText(v.lens, 40),
        `${inlineText(v.provider, 60)} / ${inlineText(v.model, 80)}`,
        `${STATUS_EMOJI[v.vote] ?? "\u2754"} ${STATUS_LABEL[v.vote] ?? inlineText(String(v.vote), 20)}`
      ];
      if (withReasoning) cells.push(inlineText(v.reasoning, detail.reasoningChars) || "_(none)_");
      return `| ${cells.join(" | ")} |`;
    });
    const title = `**Clause ${c.index + 1}** ${STATUS_EMOJI[c.status]} ${inlineText(c.desc, Math.min(detail.cellChars, 200))} \u2014 ${voteTally(c.votes)}`;
    const findings = withReasoning ? findingsList(c, detail.reasoningChars) : null;
    return `${title}

${header}
${rows.join("\n")}${findings ? `

${findings}` : ""}`;
  });
  const scripted = report.scripted ? " \xB7 \u26A0\uFE0F SCRIPTED" : "";
  return `<details>
<summary>\u{1F5F3}\uFE0F Panel votes \xB7 ${plural(reviewed.length, "review clause")} \xB7 ${plural(seats, "seat")}${scripted}</summary>

${blocks.join("\n\n")}

</details>`;
}
function seconds(ms) {
  return ms >= 1e3 ? `${(ms / 1e3).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
function checkDetails(report, detail, onlyFailing) {
  const checks = report.clauses.filter(
    (c) => c.kind === "check" && c.check !== null && (!onlyFailing || c.status !== "met")
  );
  if (checks.length === 0 || detail.tailChars === 0) return null;
  const blocks = checks.map((c) => {
    const check = c.check;
    const exit = check.timedOut ? "timed out" : `exit ${check.exitCode ?? "?"}`;
    const parts = [
      `<details${c.status === "met" ? "" : " open"}>`,
      `<summary>${STATUS_EMOJI[c.status]} Clause ${c.index + 1} \xB7 ${exit} \xB7 ${seconds(check.durationMs)} \xB7 ${htmlText(c.desc, 120)}</summary>`,
      "",
      fencedBlock(clipHead(check.run, 2e3), "sh")
    ];
    for (const [name, tail] of [
      ["stdout", check.stdoutTail],
      ["stderr", check.stderrTail]
    ]) {
      if (!tail.trim()) continue;
      parts.push("", `${name} (tail):`, "", fencedBlock(clipTail(tail, detail.tailChars)));
    }
    parts.push("", "</details>");
    return parts.join("\n");
  });
  return blocks.join("\n\n");
}
function runLocator(runUrl) {
  try {
    const url = new URL(runUrl);
    const match = /^\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)/.exec(url.pathname);
    if (!match) return null;
    const host = url.hostname === "github.com" ? "" : `${url.host}/`;
    return { runId: match[3], repo: `${host}${match[1]}/${match[2]}` };
  } catch {
    return null;
  }
}
function verifySection(links, level = "###") {
  const bundle = shellQuote(links.bundleFileName);
  const commands = [];
  const prose = [];
  const located = links.runUrl ? runLocator(links.runUrl) : null;
  const artifactUrl = safeUrl(links.artifactUrl);
  if (links.artifactName && located) {
    commands.push(
      `gh run download ${located.runId} -R ${shellQuote(located.repo)} -n ${shellQuote(links.artifactName)}`
    );
  } else if (links.artifactName) {
    const where2 = artifactUrl ? `[${inlineText(links.artifactName)}](${artifactUrl})` : codeSpan(links.artifactName);
    prose.push(`Download the ${where2} artifact of this workflow run, then:`);
  } else {
    prose.push("Download the ledger bundle artifact of this workflow run, then:");
  }
  commands.push(`npx truss verify ${bundle} --key ${shellQuote(links.publicKey)}`);
  const keyNote = links.trustedKeysHint ? `Signed by key ${codeSpan(links.keyId)}. This repository pins its signing keys in ${codeSpan(".truss/trusted-keys")}: from a checkout, ${codeSpan(`npx truss verify ${bundle}`)} checks against that file instead of the key printed here.` : `Signed by key ${codeSpan(links.keyId)}. The ${codeSpan("--key")} above is the key this run reports; it proves the bundle is intact and signed by it. Pin a key you obtained independently (e.g. in ${codeSpan(".truss/trusted-keys")}) to trust the verdict itself.`;
  return [
    `${level} \u{1F50F} Verify it yourself`,
    "",
    ...prose,
    ...prose.length ? [""] : [],
    fencedBlock(commands.join("\n"), "sh"),
    "",
    keyNote
  ].join("\n");
}
function reportLine(links) {
  if (!links.reportFileName || !links.artifactName) return null;
  const artifactUrl = safeUrl(links.artifactUrl);
  const name = codeSpan(links.artifactName);
  const artifact = artifactUrl ? `[${name}](${artifactUrl})` : name;
  return `\u{1F4C4} **Readable report:** open ${codeSpan(links.reportFileName)} from the ${artifact} artifact in a browser. It shows this verdict with all its evidence and re-checks every hash and signature of the ledger itself, offline.`;
}
function linksLine(links, includeCheckRun) {
  const items = [];
  const check = safeUrl(links.checkRunUrl);
  const run = safeUrl(links.runUrl);
  const artifact = safeUrl(links.artifactUrl);
  if (includeCheckRun && check) items.push(`[Check run](${check})`);
  if (run) items.push(`[Workflow run](${run})`);
  if (links.artifactName) {
    const name = codeSpan(links.artifactName);
    items.push(artifact ? `Ledger artifact [${name}](${artifact})` : `Ledger artifact ${name}`);
  } else if (artifact) {
    items.push(`[Ledger artifact](${artifact})`);
  }
  return items.length ? items.join(" \xB7 ") : null;
}
function formatUsd(cost) {
  return `$${(Number.isFinite(cost) ? cost : 0).toFixed(4)}`;
}
function formatTokens(tokens) {
  return (Number.isFinite(tokens) ? Math.round(tokens) : 0).toLocaleString("en-US");
}
function factsList(report, links) {
  const items = [
    `- **Cost:** ${formatUsd(report.costUsd)} \xB7 **Tokens:** ${formatTokens(report.totalTokens)}`,
    `- **Session:** ${codeSpan(report.sessionId)}`,
    `- **Ledger head hash:** ${report.headHash ? codeSpan(report.headHash) : "_none_"}`,
    `- **Contract hash:** ${report.contractHash ? codeSpan(report.contractHash) : "_unknown_"}`
  ];
  if (report.git?.head_sha) {
    const base = report.git.base_sha ? ` (base ${codeSpan(report.git.base_sha)})` : "";
    items.push(`- **Commit:** ${codeSpan(report.git.head_sha)}${base}`);
  }
  items.push(`- **Signing key:** ${codeSpan(links.keyId)}`);
  const line = linksLine(links, false);
  if (line) items.push(`- ${line}`);
  return items.join("\n");
}

// src/github/render/fanout.ts
var VERDICT = { pass: "\u2705 PASS", fail: "\u274C FAIL", unverifiable: "\u2754 UNVERIFIABLE" };
function fanoutSection(report, detail) {
  const fanout = report.fanout;
  if (!fanout) return null;
  const where2 = fanout.runners ? ", one Actions job each" : "";
  const lines = [
    `### Attempts \xB7 ${fanout.attempts} \xB7 reducer ${codeSpan(fanout.reducer)}${where2}`,
    "",
    "| | Attempt | Verdict | Checks met | Cost | Tokens | Session |",
    "| --- | ---: | --- | --- | ---: | ---: | --- |"
  ];
  for (const leg of fanout.legs) {
    const verdict = leg.overall ? VERDICT[leg.overall] ?? inlineText(leg.overall, 20) : `\u26D4 no verdict (${inlineText(leg.status, 20)}${leg.error ? `: ${inlineText(leg.error, Math.min(detail.cellChars, 200))}` : ""})`;
    lines.push(
      `| ${leg.attempt === fanout.winner ? "\u2605" : ""} | ${leg.attempt} | ${verdict} | ${leg.checksMet}/${leg.checks} | ${formatUsd(leg.costUsd)} | ${formatTokens(leg.totalTokens)} | ${codeSpan(leg.sessionId.slice(0, 8))} |`
    );
  }
  for (const leg of fanout.excluded) {
    lines.push(
      `| \u2718 | ${leg.attempt ?? "?"} | \u{1F6AB} excluded (${codeSpan(leg.artifact)}): ${inlineText(leg.reason, Math.max(detail.cellChars, 300))} | | | | |`
    );
  }
  for (const attempt of fanout.missing) {
    lines.push(`| | ${attempt} | \u26D4 no leg artifact | | | | |`);
  }
  lines.push(
    "",
    fanout.winner === null ? `**No winner:** ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}` : `**Winner: attempt ${fanout.winner}** \u2014 ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}`
  );
  if (fanout.applied)
    lines.push(
      fanout.applied.applied ? "The winner's changes were applied to the workspace; nothing from the other attempts was." : `\u26A0\uFE0F The winner's changes did not apply: ${inlineText(fanout.applied.error ?? "unknown reason", 300)}`
    );
  return lines.join("\n");
}

// src/github/render/injection.ts
var MAX_SPANS_SHOWN = 8;
function where(span) {
  if (span.source === "note") return "evidence notes";
  if (span.source === "commits") return `commit messages, line ${span.line ?? "?"}`;
  const path = span.path || "(diff)";
  return span.line === null ? `${path} (diff header)` : `${path}:${span.line}`;
}
function clauseBlock(clause, detail) {
  const injection = clause.injection;
  const hidden = clause.hiddenText ?? [];
  if (!injection && hidden.length === 0) return null;
  const lines = [];
  if (injection) {
    const outcome = injection.withheldMet ? `**UNVERIFIABLE, not met:** policy ${codeSpan(injection.policy)} \u2014 model votes alone cannot make this clause met. A maintainer who has read these spans accepts them by approving the pull request in a review at this head (a signed ${codeSpan("human_review")}, shown by ${codeSpan("truss / human review")}); the machine verdict stays as signed.` : injection.policy === "annotate" ? `Policy ${codeSpan("annotate")}: marked only; the votes decide the clause.` : `Policy ${codeSpan(injection.policy)}: the votes did not make the clause met anyway.`;
    lines.push(
      `\u{1F575}\uFE0F **Suspected prompt injection in the evidence of clause ${clause.index + 1}** (${injection.total} span${injection.total === 1 ? "" : "s"}). ${outcome}`
    );
    const cellChars = Math.max(60, Math.min(detail.cellChars, 200));
    for (const span of injection.spans.slice(0, MAX_SPANS_SHOWN)) {
      lines.push(
        `- ${codeSpan(where(span))} ${codeSpan(span.rule)}: ${codeSpan(clipHead(span.match, cellChars))}`
      );
    }
    if (injection.spans.length > MAX_SPANS_SHOWN || injection.total > injection.spans.length) {
      lines.push(
        `- _\u2026 ${injection.total - Math.min(injection.spans.length, MAX_SPANS_SHOWN)} more in the signed ledger._`
      );
    }
    if (injection.reportedBySeats.length > 0) {
      lines.push(
        `- Reviewer seat ${injection.reportedBySeats.join(", ")} (shortcuts lens) reported text aimed at automated reviewers.`
      );
    }
  }
  if (hidden.length > 0) {
    const files = hidden.slice(0, MAX_SPANS_SHOWN).map((h) => {
      const kinds = Object.entries(h.counts).filter(([, n]) => Number(n) > 0).map(([k, n]) => `${k} ${n}`).join(", ");
      return `${codeSpan(h.path || h.source)} ${h.total} (${inlineText(kinds, 120)})`;
    }).join(" \xB7 ");
    lines.push(
      `Hidden characters made visible to the panel as \u27E6\u2026\u27E7 marks: ${files}${hidden.length > MAX_SPANS_SHOWN ? " \xB7 \u2026" : ""}`
    );
  }
  const callout = injection?.withheldMet ? "[!CAUTION]" : "[!WARNING]";
  return [`> ${callout}`, ...lines.map((l) => `> ${l}`)].join("\n");
}
function injectionSection(report, detail) {
  const blocks = report.clauses.map((c) => clauseBlock(c, detail)).filter((b) => b !== null);
  return blocks.length > 0 ? blocks.join("\n\n") : null;
}
function injectionAnnotations(report) {
  return report.clauses.flatMap(
    (clause) => (clause.injection?.spans ?? []).filter((span) => (span.source === "diff" || span.source === "file") && span.path && span.line !== null).map((span) => ({
      path: span.path,
      start_line: span.line,
      end_line: span.line,
      annotation_level: "warning",
      title: `Suspected prompt injection (${span.rule})`,
      message: clipHead(
        neutralizeMentions(
          normalizeText(
            `Clause ${clause.index + 1}: this text seems to address the reviewer panel: ${span.match}
` + (clause.injection?.withheldMet ? "Model votes alone cannot make the clause met. A maintainer accepts this evidence by approving the pull request in a review at this head (signed human_review)." : "Annotated only.")
          )
        ),
        2e3
      )
    }))
  );
}

// src/github/render/check-output.ts
var LIMIT_LABEL = "GitHub's 65,535-character check run limit";
var ANNOTATION_MESSAGE_CHARS = 2e3;
var ANNOTATION_TITLE_CHARS = 255;
function join(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function summaryAt(report, links, detail) {
  return join([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    "### Run",
    factsList(report, links),
    reportLine(links),
    verifySection(links)
  ]);
}
function textAt(report, detail) {
  const details = checkDetails(report, detail, false);
  const hasChecks = report.clauses.some((c) => c.kind === "check" && c.check !== null);
  return join([
    intentQuote(report, detail.cellChars * 4),
    truncationNote(
      { ...detail, cellChars: Number.POSITIVE_INFINITY, maxRows: Number.POSITIVE_INFINITY },
      LIMIT_LABEL,
      report,
      { votes: false, tails: true }
    ),
    hasChecks ? "### Check clauses" : null,
    details ?? (hasChecks ? null : "_No check clause ran._")
  ]);
}
function minimal(report, links) {
  const lean = { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: 0 };
  const note = `\u2702\uFE0F **Truncated to fit ${LIMIT_LABEL}:** the clause table, votes and run facts are omitted. The signed ledger bundle has everything.`;
  const full = join([
    headline(report),
    ...banners(report, lean),
    note,
    linksLine(links, false),
    reportLine(links),
    verifySection(links)
  ]);
  return sizeOf(full) <= CHECK_OUTPUT_LIMIT ? full : join([headline(report), note, verifySection(links)]);
}
function checkAnnotations(report, options2) {
  const path = options2.contractPath;
  if (!path) return [];
  return report.clauses.filter((c) => c.kind === "check" && c.status === "not_met").map((c) => {
    const given = Number(options2.clauseLines?.[c.index]);
    const line = Number.isFinite(given) && given >= 1 ? Math.floor(given) : 1;
    const output = [c.check?.stderrTail ?? "", c.check?.stdoutTail ?? ""].map((t) => neutralizeMentions(normalizeText(t)).trimEnd()).filter(Boolean).join("\n");
    const reason = clipHead(neutralizeMentions(normalizeText(c.reason)), 500);
    const room = Math.max(0, ANNOTATION_MESSAGE_CHARS - reason.length - 2);
    const message = output && room > 100 ? `${reason}

${clipTail(output, room - 40)}` : reason;
    return {
      path,
      start_line: line,
      end_line: line,
      annotation_level: "failure",
      title: clipHead(
        neutralizeMentions(normalizeText(c.desc)).replace(/\s+/g, " ").trim(),
        ANNOTATION_TITLE_CHARS - 30
      ) || `Clause ${c.index + 1}`,
      message: message || "check not met"
    };
  });
}
function renderCheckOutput(report, links, options2 = {}) {
  const summary = renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => summaryAt(report, links, d))?.text ?? minimal(report, links);
  const text = renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => textAt(report, d))?.text ?? `\u2702\uFE0F Details omitted to fit ${LIMIT_LABEL}. The signed ledger bundle has everything.`;
  return {
    title: titleFor(report),
    summary,
    text,
    annotations: [
      ...checkAnnotations(report, options2),
      ...injectionAnnotations(report),
      ...citationAnnotations(report)
    ]
  };
}

// src/github/render/meta.ts
var META_PREFIX = "<!-- truss:meta ";
var META_SUFFIX = " -->";
function commentSafeJson(value) {
  const json = JSON.stringify(value) ?? "null";
  return json.replace(/[<>&@#]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(/--/g, "\\u002d\\u002d");
}
function embedMeta(metadata) {
  return `${META_PREFIX}${commentSafeJson(metadata)}${META_SUFFIX}`;
}
function readMeta(body) {
  const start = body.indexOf(META_PREFIX);
  if (start === -1) return null;
  const end = body.indexOf(META_SUFFIX, start + META_PREFIX.length);
  if (end === -1) return null;
  try {
    const value = JSON.parse(body.slice(start + META_PREFIX.length, end));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

// src/github/render/comment.ts
var LIMIT_LABEL2 = "GitHub's 65,536-character comment limit";
function join2(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function footer(report) {
  const head = report.headHash ? codeSpan(report.headHash.slice(0, 16)) : "_none_";
  return `<sub>Cost ${formatUsd(report.costUsd)} \xB7 ${formatTokens(report.totalTokens)} tokens \xB7 session ${codeSpan(report.sessionId)} \xB7 ledger head ${head}</sub>`;
}
function renderStickyComment(report, links, marker, metadata) {
  const top = `${marker}
${embedMeta(metadata)}`;
  const body = (detail) => join2([
    top,
    headline(report, "###"),
    ...banners(report, detail),
    injectionSection(report, detail),
    truncationNote(detail, LIMIT_LABEL2, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    votesSection(report, detail),
    linksLine(links, true),
    verifySection(links, "####"),
    footer(report)
  ]);
  const fitted = renderWithin(COMMENT_LIMIT, report.clauses.length, body);
  if (fitted) return fitted.text;
  const lean = join2([
    top,
    headline(report, "###"),
    `\u2702\uFE0F **Truncated to fit ${LIMIT_LABEL2}:** the clause table and votes are omitted. The signed ledger bundle has everything.`,
    linksLine(links, true),
    verifySection(links, "####")
  ]);
  if (sizeOf(lean) > COMMENT_LIMIT) {
    throw new RangeError("sticky comment marker and metadata alone exceed the GitHub comment size limit");
  }
  return lean;
}

// src/github/render/conclusion.ts
function conclusionFor(overall, unverifiableAs) {
  switch (overall) {
    case "pass":
      return "success";
    case "suspended":
      return "action_required";
    case "unverifiable":
      return unverifiableAs === "neutral" ? "neutral" : "failure";
    default:
      return "failure";
  }
}

// src/github/render/summary.ts
var LIMIT_LABEL3 = "GitHub's 1 MiB job summary limit";
function join3(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function renderJobSummary(report, links) {
  const body = (detail) => join3([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL3, report, { votes: true, tails: true }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    checkDetails(report, detail, true),
    factsList(report, links),
    verifySection(links)
  ]);
  return renderWithin(STEP_SUMMARY_LIMIT, report.clauses.length, body)?.text ?? join3([
    headline(report),
    "\u2702\uFE0F **Report too large for the job summary.** The signed ledger bundle has everything.",
    verifySection(links)
  ]);
}

// src/github/repo-files.ts
var RepoContentTypeError = class extends Error {
  path;
  expected;
  actual;
  constructor(path, expected, actual) {
    super(
      `expected ${path} to be a ${expected === "dir" ? "directory" : "file"} in the repository, but it is a ${actual}`
    );
    this.name = "RepoContentTypeError";
    this.path = path;
    this.expected = expected;
    this.actual = actual;
  }
};
async function readRepoFile(options2) {
  const { octokit, owner, repo, ref } = options2;
  const path = normalizePath(options2.path);
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  if (Array.isArray(data)) throw new RepoContentTypeError(path, "file", "directory");
  if (data.type !== "file") throw new RepoContentTypeError(path, "file", data.type);
  if ("encoding" in data && data.encoding === "base64" && typeof data.content === "string") {
    return Buffer.from(data.content, "base64").toString("utf8");
  }
  const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: data.sha });
  return Buffer.from(blob.data.content, blob.data.encoding === "base64" ? "base64" : "utf8").toString("utf8");
}
async function listRepoDir(options2) {
  const { octokit, owner, repo, ref } = options2;
  const path = normalizePath(options2.path);
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
  if (!Array.isArray(data)) throw new RepoContentTypeError(path, "dir", data.type);
  return data.filter((entry) => options2.type === void 0 || entry.type === options2.type).map((entry) => entry.name).sort();
}
function normalizePath(path) {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  if (trimmed.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new Error(`repository path must not contain "." or ".." segments: ${JSON.stringify(path)}`);
  }
  return trimmed;
}

// src/github/path-filter.ts
var MAX_LISTED_FILES = 3e3;
async function pullRequestChangedFiles(octokit, repo, prNumber) {
  const files = await listPullRequestFiles(octokit, repo, prNumber);
  if (files.length >= MAX_LISTED_FILES) return null;
  const names = /* @__PURE__ */ new Set();
  for (const file of files) {
    names.add(file.filename);
    if (file.previous_filename) names.add(file.previous_filename);
  }
  return [...names];
}
async function listPullRequestFiles(octokit, repo, prNumber) {
  return octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: prNumber, per_page: 100 });
}
function lazyChangedFiles(octokit, repo, prNumber) {
  let listing = null;
  return () => {
    listing ??= pullRequestChangedFiles(octokit, repo, prNumber);
    return listing;
  };
}
function hasPathFilter(section) {
  return section.paths !== void 0 || section.paths_ignore !== void 0;
}
async function pathSkipReason(section, changedFiles) {
  if (!hasPathFilter(section)) return null;
  const files = await changedFiles();
  if (files === null) return null;
  const decision = decidePathFilter(section, files);
  return decision.run ? null : decision.reason;
}
async function reportSkippedContract(options2) {
  const { contractId } = options2;
  return skipCheckRun({
    octokit: options2.octokit,
    owner: options2.repo.owner,
    repo: options2.repo.repo,
    name: `truss / ${contractId}`,
    headSha: options2.headSha,
    existingId: options2.existingId ?? null,
    detailsUrl: options2.detailsUrl,
    externalId: options2.externalId,
    dryRun: options2.dryRun,
    output: {
      title: "Skipped: the change touches none of its paths",
      summary: [
        `**Not run:** ${codeSpan(options2.reason)}.`,
        "",
        `The contract's \`[contract] paths\` / \`paths_ignore\` name the files that make it worth running; this change touches none of them, so there is no verdict and no ledger for this head. A required check counts \`skipped\` as passing. Comment \`${options2.trigger} run ${contractId}\` to run it anyway.`
      ].join("\n")
    }
  });
}
async function contractPathSkip(options2) {
  const path = `${CONTRACTS_DIR}/${options2.name}.toml`;
  const text = await readRepoFile({ octokit: options2.octokit, ...options2.repo, path, ref: options2.ref });
  if (text === null) return null;
  let section;
  try {
    section = parseContractToml(text, path).contract;
  } catch {
    return null;
  }
  const reason = await pathSkipReason(section, options2.changedFiles);
  return reason === null ? null : { contractId: section.id, reason };
}

// src/github/repo-contracts.ts
var NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
async function listContractNames(options2) {
  const { octokit, repo, ref } = options2;
  return (await listRepoDir({ octokit, owner: repo.owner, repo: repo.repo, path: CONTRACTS_DIR, ref, type: "file" })).filter((name) => name.endsWith(".toml")).map((name) => name.slice(0, -".toml".length)).sort();
}
async function loadContractsAtRef(options2) {
  const { octokit, repo, ref } = options2;
  const read = (path) => readRepoFile({ octokit, owner: repo.owner, repo: repo.repo, path, ref });
  const configText = await read(CONFIG_FILE);
  const available = await listContractNames({ octokit, repo, ref });
  const names = options2.names.length > 0 ? options2.names : available;
  if (names.length === 0) {
    throw notFound(
      `no contracts in ${CONTRACTS_DIR}/ at ${ref.slice(0, 12)}; add one (see docs/contracts.md) or set the contract input`
    );
  }
  const contracts = [];
  for (const name of names) {
    if (!NAME.test(name))
      throw notFound(`"${name}" is not a contract name (letters, digits, ".", "_" and "-")`);
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = await read(path);
    if (text === null) {
      const list = available.length > 0 ? `available: ${available.join(", ")}` : `no contracts exist in ${CONTRACTS_DIR}/`;
      throw notFound(
        `contract "${name}" is not in ${CONTRACTS_DIR}/ on the base branch (${ref.slice(0, 12)}); ${list}`
      );
    }
    contracts.push({ name, path, source: { file: path, text } });
  }
  return { config: configText === null ? void 0 : { file: CONFIG_FILE, text: configText }, contracts };
}
function notFound(message) {
  return new ContractError([{ file: CONTRACTS_DIR, line: 0, col: 0, path: "", message }], "not_found");
}

// src/github/commands.ts
var DEFAULT_TRIGGER = "/truss";
var CONTRACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
var FENCE_OPEN = /^\s*(`{3,}|~{3,})/;
function parseCommand(body, trigger = DEFAULT_TRIGGER) {
  if (trigger.trim() === "") throw new Error("the trigger phrase must not be empty");
  const line = findCommandLine(body, trigger);
  return line === null ? null : parseCommandLine(line);
}
function findCommandLine(body, trigger) {
  const triggerAt = new RegExp(`^\\s*${escapeRegExp(trigger.trim())}(?=\\s|$)`, "i");
  let fence = null;
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (fence) {
      const close = new RegExp(`^\\s*${fence.char === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
      if (close.test(line)) fence = null;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open?.[1] && !(open[1][0] === "`" && line.slice(open[0].length).includes("`"))) {
      fence = { char: open[1][0] ?? "`", length: open[1].length };
      continue;
    }
    if (/^\s*>/.test(line)) continue;
    const match = triggerAt.exec(line);
    if (match) return line.slice(match[0].length).trim();
  }
  return null;
}
function parseCommandLine(rest) {
  if (rest === "") return { kind: "help" };
  const first = rest.split(/\s/, 1)[0] ?? "";
  const word = first.toLowerCase();
  const tail = rest.slice(first.length).trim();
  switch (word) {
    case "run":
      return parseRun(tail);
    case "verify":
      return { kind: "verify" };
    case "status":
      return { kind: "status" };
    case "help":
      return { kind: "help" };
    case "approve":
      return { kind: "approve", note: tail === "" ? null : tail };
    case "reject":
      return { kind: "reject", note: tail === "" ? null : tail };
    default:
      return { kind: "unknown", word: first };
  }
}
function parseRun(args) {
  const separator = /^--(?:\s+|$)/;
  if (args === "") return { kind: "run", contract: null, intent: null };
  if (/^failed(?:\s|$)/i.test(args)) {
    return args.slice("failed".length).trim() === "" ? { kind: "run-failed" } : {
      kind: "invalid",
      reason: "`run failed` takes nothing after it: it re-runs the contracts whose last verdict on this head was FAIL or UNVERIFIABLE, as they were run"
    };
  }
  if (separator.test(args))
    return { kind: "run", contract: null, intent: intentOf(args.replace(separator, "")) };
  const name = args.split(/\s/, 1)[0] ?? "";
  const after = args.slice(name.length).trim();
  if (!CONTRACT_NAME.test(name)) {
    return {
      kind: "invalid",
      reason: `"${inlineText(clip(name))}" is not a contract name: use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)`
    };
  }
  if (after === "") return { kind: "run", contract: name, intent: null };
  if (separator.test(after))
    return { kind: "run", contract: name, intent: intentOf(after.replace(separator, "")) };
  return {
    kind: "invalid",
    reason: `unexpected text after the contract name "${name}"; put free-text intent after \`--\`, e.g. \`run ${name} -- <intent>\``
  };
}
function intentOf(text) {
  return text === "" ? null : text;
}
function clip(value) {
  return value.length > 70 ? `${value.slice(0, 67)}...` : value;
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
function helpText(trigger = DEFAULT_TRIGGER) {
  const t = trigger;
  return [
    "**Truss commands** (comment on a pull request; only users with write access can trigger runs)",
    "",
    "| Command | What it does |",
    "| --- | --- |",
    `| \`${t} run\` | Run the default contract(s) against this pull request |`,
    `| \`${t} run <contract>\` | Run one contract from \`.truss/contracts/<contract>.toml\` on the base branch |`,
    `| \`${t} run [<contract>] -- <intent>\` | Run with a free-text intent (passed as data, never to a shell) |`,
    `| \`${t} run failed\` | Re-run only the contracts whose last verdict on this head was FAIL or UNVERIFIABLE |`,
    `| \`${t} verify\` | Re-verify the latest run's signed ledger |`,
    `| \`${t} status\` | Show the latest verdict for each contract |`,
    `| \`${t} approve [note]\` | Record a signed human approval of the current verdict |`,
    `| \`${t} reject [note]\` | Record a signed human rejection |`,
    `| \`${t} help\` | Show this list |`,
    "",
    "The command must start a line; quoted lines and code blocks are ignored."
  ].join("\n");
}

// src/github/sticky-comment.ts
var MAX_COMMENT_LENGTH = 65536;
var META_BLOCK = /<!-- truss:meta ([\s\S]*?) -->/;
var TRUNCATED_NOTE2 = "\n\n\u2026 (truncated: the full report is in the check run and the ledger artifact)\n";
async function upsertStickyComment(options2) {
  const { octokit, owner, repo, issueNumber, marker, dryRun } = options2;
  if (!/^<!--[\s\S]+-->$/.test(marker) || marker.slice(4, -3).includes("-->")) {
    throw new Error(
      `sticky comment marker must be one hidden HTML comment like "<!-- truss:sticky ... -->", got ${JSON.stringify(marker)}`
    );
  }
  const body = fitComment(options2.body.includes(marker) ? options2.body : `${marker}
${options2.body}`);
  if (dryRun) {
    octokit.log.info(`dry run: would create or update the ${marker} comment on #${issueNumber}`);
    return { id: null, url: null, created: false, updated: false };
  }
  const isOurs = (user) => {
    if (!user) return false;
    if (options2.botLogin) return user.login.toLowerCase() === options2.botLogin.toLowerCase();
    return user.type === "Bot";
  };
  try {
    const existing = await findComment(
      octokit,
      owner,
      repo,
      issueNumber,
      (c) => isOurs(c.user) && (c.body ?? "").includes(marker)
    );
    if (existing) {
      const { data: data2 } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body });
      return { id: data2.id, url: data2.html_url, created: false, updated: true };
    }
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body
    });
    return { id: data.id, url: data.html_url, created: true, updated: false };
  } catch (error) {
    throw toMissingPermission(error, "pull-requests: write", `comment on #${issueNumber}`);
  }
}
async function findComment(octokit, owner, repo, issueNumber, matches) {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100
  });
  for await (const page of pages) {
    const found = page.data.find((comment) => matches(comment));
    if (found) return found.id;
  }
  return null;
}
function fitComment(body) {
  if (body.length <= MAX_COMMENT_LENGTH) return body;
  const metas = body.match(new RegExp(META_BLOCK.source, "g")) ?? [];
  const rest = body.replace(new RegExp(META_BLOCK.source, "g"), "");
  const tail = metas.length > 0 ? `
${metas.join("\n")}
` : "";
  let visible = rest.slice(0, Math.max(0, MAX_COMMENT_LENGTH - TRUNCATED_NOTE2.length - tail.length));
  if (/[\uD800-\uDBFF]$/.test(visible)) visible = visible.slice(0, -1);
  return `${visible}${TRUNCATED_NOTE2}${tail}`;
}
function readStickyMetadata(body, schema) {
  const value = readMeta(body);
  if (value === null || !schema) return value;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// src/github/external-id.ts
var RunRequestIdSchema = external_exports.strictObject({
  v: external_exports.literal(1),
  /** The webhook delivery that queued the check (`x-github-delivery`). */
  d: external_exports.string().min(1).max(64),
  /** The command comment, or null for a re-run request. */
  c: external_exports.number().int().positive().nullable(),
  /** The pull request (a check run on a fork's head lists no pull_requests). */
  p: external_exports.number().int().positive(),
  /** The contract name (a file in .truss/contracts/). */
  n: external_exports.string().regex(CONTRACT_NAME),
  s: external_exports.string().regex(/^[0-9a-f]{40,64}$/),
  m: external_exports.enum(["run", "verify", "resume"])
});
function encodeRunRequestId(id) {
  return JSON.stringify(RunRequestIdSchema.parse(id));
}
function decodeRunRequestId(externalId) {
  if (!externalId?.startsWith("{")) return null;
  try {
    const parsed = RunRequestIdSchema.safeParse(JSON.parse(externalId));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// src/github/permissions.ts
var WRITE_LEVELS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function authorizeActor(options2) {
  const { octokit, owner, repo, actor, allowedUsers = [], allowedBots = [] } = options2;
  const permission = await permissionOf(octokit, owner, repo, actor.login);
  const bot = isBot(actor);
  if (bot) {
    if (listed(allowedBots, actor.login, true)) {
      return { allowed: true, permission, reason: `${actor.login} is a bot listed in allowed-bots` };
    }
    return {
      allowed: false,
      permission,
      reason: `${actor.login} is a bot; bots may trigger Truss only when listed in allowed-bots`
    };
  }
  if (WRITE_LEVELS.has(permission)) {
    return {
      allowed: true,
      permission,
      reason: `${actor.login} has ${permission} access to ${owner}/${repo}`
    };
  }
  if (listed(allowedUsers, actor.login, false)) {
    return { allowed: true, permission, reason: `${actor.login} is listed in allowed-users` };
  }
  return {
    allowed: false,
    permission,
    reason: permission === "none" ? `${actor.login} has no access to ${owner}/${repo}; write access is required` : `${actor.login} has ${permission} access to ${owner}/${repo}; write access is required`
  };
}
async function permissionOf(octokit, owner, repo, username) {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    const role = (data.role_name ?? "").toLowerCase();
    const base = (data.permission ?? "none").toLowerCase();
    if (WRITE_LEVELS.has(role) || role === "triage" || role === "read") return role;
    return base;
  } catch (error) {
    if (statusOf(error) === 404) return "none";
    throw error;
  }
}
function isBot(actor) {
  return actor.type.toLowerCase() === "bot" || /\[bot\]$/i.test(actor.login);
}
function listed(list, login, bot) {
  const norm = (value) => {
    const lower = value.trim().toLowerCase();
    return bot ? lower.replace(/\[bot\]$/, "") : lower;
  };
  const target = norm(login);
  return list.some((entry) => bot && entry.trim() === "*" || norm(entry) === target);
}
function politeDenial(login, reason, trigger = "/truss") {
  return [
    `Hi @${login} \u2014 thanks for trying \`${trigger}\`, but I can't act on this comment: ${reason}.`,
    "",
    `Commands are limited to people with write access to the repository (and to users or bots a maintainer has listed in \`allowed-users\` / \`allowed-bots\`), because \`${trigger} run\` executes contracts with this repository's credentials. A maintainer can run it for you.`
  ].join("\n");
}

// src/github/reply.ts
async function postReply(options2) {
  if (options2.dryRun) return null;
  const { data } = await options2.octokit.rest.issues.createComment({
    owner: options2.owner,
    repo: options2.repo,
    issue_number: options2.issueNumber,
    body: options2.body
  });
  return data.html_url;
}

// src/github/failed-contracts.ts
var CHECK_PREFIX = "truss / ";
var RERUN = /* @__PURE__ */ new Set(["fail", "unverifiable"]);
async function failedContracts(options2) {
  const { octokit, repo } = options2;
  const runs = await findCheckRuns({ octokit, ...repo, ref: options2.headSha });
  const newest = /* @__PURE__ */ new Map();
  for (const run of runs) {
    if (!run.name.startsWith(CHECK_PREFIX) || run.name === HUMAN_REVIEW_CHECK) continue;
    const seen = newest.get(run.name);
    if (!seen || newerThan(run, seen)) newest.set(run.name, run);
  }
  const names = /* @__PURE__ */ new Set();
  const unmapped = /* @__PURE__ */ new Set();
  for (const [checkName, run] of newest) {
    const verdict = run.status === "completed" ? verdictInTitle(run.outputTitle) : null;
    if (verdict === null || !RERUN.has(verdict)) continue;
    const requested = decodeRunRequestId(run.externalId)?.n;
    if (requested) names.add(requested);
    else unmapped.add(checkName.slice(CHECK_PREFIX.length));
  }
  const missing = [];
  if (unmapped.size > 0) {
    const byId = await contractFilesById(octokit, repo, options2.ref);
    for (const id of unmapped) {
      const file = byId.get(id);
      if (file) names.add(file);
      else missing.push(id);
    }
  }
  return { names: [...names].sort(), missing: missing.sort() };
}
function newerThan(a, b) {
  const at = Date.parse(a.startedAt ?? "") || 0;
  const bt = Date.parse(b.startedAt ?? "") || 0;
  return at !== bt ? at > bt : a.id > b.id;
}
async function contractFilesById(octokit, repo, ref) {
  const byId = /* @__PURE__ */ new Map();
  for (const name of await listContractNames({ octokit, repo, ref })) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = await readRepoFile({ octokit, ...repo, path, ref });
    if (text === null) continue;
    try {
      byId.set(parseContractToml(text, path).contract.id, name);
    } catch {
    }
  }
  return byId;
}

// src/github/reactions.ts
async function react(octokit, options2) {
  const { owner, repo, commentId, content, dryRun } = options2;
  const log = options2.log;
  const warn = (message) => log ? log.warning(message) : octokit.log.warn(message);
  if (dryRun) {
    const message = `dry run: would react ${content} to comment ${commentId}`;
    if (log) log.info(message);
    else octokit.log.info(message);
    return false;
  }
  try {
    await octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content });
    return true;
  } catch (error) {
    const status = statusOf(error);
    const detail = status === void 0 ? error instanceof Error ? error.message : String(error) : `HTTP ${status}`;
    warn(`could not add the ${content} reaction to comment ${commentId} (${detail}); continuing`);
    return false;
  }
}

// src/github/handle-command.ts
async function handleCommand(options2) {
  const { octokit, repo, issueNumber, comment, triggerPhrase, log } = options2;
  const command = parseCommand(comment.body ?? "", triggerPhrase);
  if (!command) {
    log.info(`no ${triggerPhrase} command in the comment; nothing to do`);
    return [];
  }
  const commentId = comment.id;
  const user = comment.user ?? { login: "unknown", type: "User" };
  const reply = (body) => postReply({ octokit, ...repo, issueNumber, body, dryRun: options2.dryRun });
  const reaction = (content) => react(octokit, { ...repo, commentId, content, dryRun: options2.dryRun });
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: user.login, type: user.type ?? "User" },
    allowedUsers: options2.allowedUsers,
    allowedBots: options2.allowedBots
  });
  if (!auth.allowed) {
    log.info(`${user.login} may not trigger truss (${auth.reason})`);
    await reply(politeDenial(user.login, auth.reason, triggerPhrase));
    return [];
  }
  if (options2.acknowledge !== false) await reaction("eyes");
  switch (command.kind) {
    case "help":
      await reply(helpText(triggerPhrase));
      await reaction("rocket");
      return [];
    case "status":
      await reply(await statusText(octokit, repo, issueNumber));
      await reaction("rocket");
      return [];
    case "approve":
    case "reject": {
      if (!options2.decide) {
        await reply(
          "Nothing on this pull request is waiting for approval (no run is suspended on an approval gate). To sign off on a verdict, approve the pull request in a review."
        );
        await reaction("confused");
        return [];
      }
      try {
        const outcome = await options2.decide({
          kind: command.kind,
          decision: command.kind === "approve" ? "approved" : "rejected",
          note: command.note,
          actor: { login: user.login, id: comment.user?.id ?? null },
          source: { comment_id: commentId, url: comment.html_url ?? null }
        });
        if (outcome.reply !== null) await reply(outcome.reply);
        await reaction(outcome.ok ? "rocket" : "confused");
        return outcome.results ?? [];
      } catch (error) {
        await reaction("confused");
        await reply(`truss could not record the decision: ${error.message}`);
        throw error;
      }
    }
    case "run":
    case "verify":
    case "run-failed": {
      try {
        const request = command.kind === "run-failed" ? await failedRequest(octokit, repo, issueNumber, reply, log) : {
          contracts: command.kind === "run" && command.contract ? [command.contract] : options2.defaultContracts,
          intent: command.kind === "run" ? command.intent : null,
          // `/truss verify` judges the pull request as it is; `/truss run` may also execute the contract.
          verifyOnly: command.kind === "verify",
          named: command.kind === "run" && command.contract !== null
        };
        if (request === null) {
          await reaction("rocket");
          return [];
        }
        const results = await options2.runContracts(request);
        const ok = options2.succeeded ? options2.succeeded(results) : results.every((r) => r.overall === "pass");
        await reaction(ok ? "rocket" : "confused");
        return results;
      } catch (error) {
        await reaction("confused");
        await reply(`truss could not run: ${error.message}`);
        throw error;
      }
    }
    default: {
      const reason = command.kind === "invalid" ? command.reason : `"${inlineText(command.word.slice(0, 70))}" is not a truss command`;
      await reply(`${reason}

${helpText(triggerPhrase)}`);
      await reaction("confused");
      return [];
    }
  }
}
async function failedRequest(octokit, repo, issueNumber, reply, log) {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
  const failed = await failedContracts({ octokit, repo, headSha: pr.head.sha, ref: pr.base.sha });
  const head = pr.head.sha.slice(0, 7);
  if (failed.missing.length > 0)
    await reply(
      `These contracts failed on ${head} but are no longer in \`${CONTRACTS_DIR}/\` on the base branch, so they cannot run again: ${failed.missing.map((id) => codeSpan(id)).join(", ")}.`
    );
  if (failed.names.length === 0) {
    if (failed.missing.length === 0)
      await reply(`No contract's last verdict on ${head} was FAIL or UNVERIFIABLE: nothing to run again.`);
    return null;
  }
  log.info(`running again the contracts that failed on ${head}: ${failed.names.join(", ")}`);
  return { contracts: failed.names, intent: null, verifyOnly: false, named: true };
}
async function statusText(octokit, repo, prNumber) {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  const { data } = await octokit.rest.checks.listForRef({ ...repo, ref: pr.head.sha, per_page: 100 });
  const runs = data.check_runs.filter((run) => run.name.startsWith("truss / "));
  if (runs.length === 0) return `No truss check runs on ${pr.head.sha.slice(0, 7)} yet.`;
  const rows = runs.map(
    (run) => `| [${run.name}](${run.html_url}) | ${run.status} | ${run.conclusion ?? "\u2014"} |`
  );
  return [
    `truss status for ${pr.head.sha.slice(0, 7)}:`,
    "",
    "| check | status | conclusion |",
    "|---|---|---|",
    ...rows
  ].join("\n");
}

// src/github/session-meta.ts
async function listSessionMetas(octokit, repo, prNumber) {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100
  });
  return comments.filter((c) => c.user?.type === "Bot" && c.body?.includes("<!-- truss:sticky")).map((c) => readStickyMetadata(c.body ?? "")).filter((m) => m !== null);
}
async function latestSessionFor(octokit, repo, prNumber, headSha) {
  const metas = await listSessionMetas(octokit, repo, prNumber);
  return metas.filter((m) => m.head_sha === headSha).at(-1) ?? null;
}

// src/github/suspended-session.ts
var SuspendedMetaSchema = external_exports.object({
  contract: external_exports.string().regex(CONTRACT_NAME),
  session_id: external_exports.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  status: external_exports.literal("suspended"),
  head_sha: external_exports.string().regex(/^[0-9a-f]{40}$/).optional(),
  head_hash: external_exports.string().regex(/^[0-9a-f]{64}$/),
  head_seq: external_exports.number().int().nonnegative(),
  workflow_run_id: external_exports.union([external_exports.number().int().positive(), external_exports.string().regex(/^\d+$/)]).transform((id) => String(id)),
  artifact_id: external_exports.number().int().nullable().optional()
});
async function findSuspendedSessions(octokit, repo, prNumber) {
  const latest = /* @__PURE__ */ new Map();
  for (const meta of await listSessionMetas(octokit, repo, prNumber))
    if (typeof meta.contract === "string") latest.set(meta.contract, meta);
  const suspended = [];
  for (const meta of latest.values()) {
    const parsed = SuspendedMetaSchema.safeParse(meta);
    if (parsed.success) suspended.push(parsed.data);
  }
  return suspended;
}
async function findSuspendedSession(octokit, repo, prNumber, contract) {
  const waiting = await findSuspendedSessions(octokit, repo, prNumber);
  return waiting.filter((m) => !contract || m.contract === contract).at(-1) ?? null;
}

// src/github/repo-trusted-keys.ts
async function trustedKeysFor(trustedKeys, octokit, repo, ref) {
  if (trustedKeys.trim()) return parseTrustedKeys(trustedKeys, "input trusted-keys");
  const text = await readRepoFile({ octokit, ...repo, path: ".truss/trusted-keys", ref });
  return text ? parseTrustedKeys(text, ".truss/trusted-keys") : /* @__PURE__ */ new Map();
}

// src/github/record-sign-off.ts
import { writeFileSync } from "node:fs";
import { join as join4 } from "node:path";

// src/github/ledger-store-branch.ts
import { readFileSync } from "node:fs";

// src/github/ledger-branch.ts
var BranchMovedError = class extends Error {
  name = "BranchMovedError";
};
async function commitFilesToBranch(options2) {
  const { octokit, owner, repo, message, dryRun } = options2;
  const branch = normalizeBranch(options2.branch);
  if (options2.files.length === 0) throw new Error("commitFilesToBranch needs at least one file");
  const paths = options2.files.map((file) => normalizePath2(file.path));
  if (new Set(paths).size !== paths.length)
    throw new Error("commitFilesToBranch was given the same path twice");
  if (dryRun) {
    octokit.log.info(`dry run: would commit ${paths.join(", ")} to ${branch}`);
    return null;
  }
  try {
    const blobs = [];
    for (const file of options2.files) {
      const content = (typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content).toString("base64");
      const { data } = await octokit.rest.git.createBlob({ owner, repo, content, encoding: "base64" });
      blobs.push(data.sha);
    }
    const entries = paths.map((path, i) => ({
      path,
      mode: "100644",
      type: "blob",
      sha: blobs[i]
    }));
    const pinned = options2.parent;
    const attempt = async () => {
      const parent = pinned === void 0 ? await branchHead(octokit, owner, repo, branch) : pinned === null ? null : { commitSha: pinned, treeSha: await treeOf(octokit, owner, repo, pinned) };
      const { data: tree } = await octokit.rest.git.createTree({
        owner,
        repo,
        tree: entries,
        ...parent ? { base_tree: parent.treeSha } : {}
      });
      const { data: commit } = await octokit.rest.git.createCommit({
        owner,
        repo,
        message,
        tree: tree.sha,
        parents: parent ? [parent.commitSha] : []
      });
      if (parent) {
        await octokit.rest.git.updateRef({
          owner,
          repo,
          ref: `heads/${branch}`,
          sha: commit.sha,
          force: false
        });
      } else {
        await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha });
      }
      return { commitSha: commit.sha, url: commit.html_url };
    };
    try {
      return await attempt();
    } catch (error) {
      if (statusOf(error) !== 422) throw error;
      if (pinned !== void 0)
        throw new BranchMovedError(`${branch} moved away from ${pinned ?? "nothing"} while committing`);
      octokit.log.warn(
        `${branch} moved while committing the ledger (HTTP 422); retrying once on the new head`
      );
      return await attempt();
    }
  } catch (error) {
    throw toMissingPermission(error, "contents: write", `commit to the ${branch} branch`);
  }
}
async function branchHead(octokit, owner, repo, branch) {
  let commitSha;
  try {
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    commitSha = data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  return { commitSha, treeSha: await treeOf(octokit, owner, repo, commitSha) };
}
async function treeOf(octokit, owner, repo, commitSha) {
  const { data: commit } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
  return commit.tree.sha;
}
function normalizeBranch(branch) {
  const name = branch.replace(/^refs\/heads\//, "");
  if (name === "" || name.includes("..") || /[\s~^:?*[\\]/.test(name) || name.startsWith("/") || name.endsWith("/")) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  return name;
}
function normalizePath2(path) {
  const trimmed = path.replace(/^\/+/, "");
  if (trimmed === "" || trimmed.endsWith("/") || trimmed.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw new Error(`not a valid file path for the ledger branch: ${JSON.stringify(path)}`);
  }
  return trimmed;
}

// src/github/ledger-store-branch.ts
function ledgerBranchPath(sessionId) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId))
    throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
  return `sessions/${sessionId}.json`;
}
async function saveBundleToLedgerBranch(options2) {
  if (options2.dryRun) return null;
  return commitFilesToBranch({
    octokit: options2.octokit,
    owner: options2.owner,
    repo: options2.repo,
    branch: options2.branch,
    files: [{ path: ledgerBranchPath(options2.sessionId), content: readFileSync(options2.bundlePath) }],
    message: options2.message,
    dryRun: false
  });
}
async function loadBundleFromLedgerBranch(options2) {
  return readRepoFile({
    octokit: options2.octokit,
    owner: options2.owner,
    repo: options2.repo,
    path: ledgerBranchPath(options2.sessionId),
    ref: options2.branch
  });
}

// src/github/record-sign-off.ts
var DECISION = {
  approved: "approved",
  changes_requested: "needs_changes"
};
async function recordSignOff(options2) {
  const { octokit, repo, pr, review, log } = options2;
  const check = (conclusion, title, summary2) => postHumanReviewCheck({
    octokit,
    ...repo,
    headSha: pr.head.sha,
    conclusion,
    title,
    summary: summary2,
    detailsUrl: options2.detailsUrl,
    dryRun: options2.dryRun
  });
  if (options2.action === "dismissed") {
    await check(
      "action_required",
      "Review dismissed: awaiting a new approval",
      `The review by @${review.user.login} was dismissed.`
    );
    return null;
  }
  const decision = DECISION[String(review.state).toLowerCase()];
  if (options2.action !== "submitted" || !decision) {
    log.info(`review state ${review.state} records no decision; nothing to sign`);
    return null;
  }
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: review.user.login, type: review.user.type ?? "User" }
  });
  if (!auth.allowed) {
    log.info(
      `${review.user.login} has no write permission (${auth.reason}); the review is not recorded as a sign-off`
    );
    return null;
  }
  const meta = await latestSessionFor(octokit, repo, pr.number, pr.head.sha);
  if (!meta?.session_id) {
    await check(
      "action_required",
      "No truss verdict for this commit yet",
      `There is no truss run for ${pr.head.sha.slice(0, 7)}; run the contracts first, then review.`
    );
    return null;
  }
  const gate = SuspendedMetaSchema.safeParse(meta);
  if (gate.success) {
    if (!options2.releaseGate || review.commit_id !== pr.head.sha) {
      log.info(`session ${gate.data.session_id} waits on an approval gate; this review does not release it`);
      return null;
    }
    await options2.releaseGate(gate.data, decision);
    return null;
  }
  const sessionId = meta.session_id;
  const text = await fetchBundleText(options2, { ...meta, session_id: sessionId });
  let bundle;
  try {
    bundle = parseBundle(text, `bundle of session ${sessionId}`);
  } catch (error) {
    await check("failure", "Evidence did not verify (unreadable bundle)", error.message);
    return null;
  }
  const reviewer = options2.reviewSigner();
  const trusted = await trustedKeysFor(options2.trustedKeys, octokit, repo, pr.base.sha);
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin("review-signing-key", ["reviewer"]));
  const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
  if (report.status === "failed" || report.status === "incomplete" || report.status === "suspended") {
    await check(
      "failure",
      `Evidence did not verify (${report.status})`,
      report.failure?.message ?? (report.status === "suspended" ? "the run is suspended: its decision and verdict are not in this bundle, so there is no finished run to sign off" : "the run did not finish")
    );
    return null;
  }
  const recorded = readEntries(bundle.ledger.entries, HUMAN_REVIEW_KIND).find(
    (e) => e.payload.source?.review_id === review.id && e.payload.decision === decision
  );
  const signedVerdict = readPayload("verdict", bundle.verdict);
  const verdictHead = ("payload" in signedVerdict ? signedVerdict.payload.git?.head_sha : null) ?? meta.head_sha;
  const reviewedSha = review.commit_id ?? pr.head.sha;
  const { bundle: extended, entry } = recorded ? { bundle, entry: recorded } : appendHumanReviewToBundle(bundle, reviewer, {
    decision,
    note: review.body ?? "",
    actor: { login: review.user.login, id: review.user.id },
    source: { review_id: review.id, commit_sha: reviewedSha, url: review.html_url ?? null }
  });
  if (recorded)
    log.info(`review ${review.id} is already signed into session ${sessionId} (seq ${entry.seq})`);
  const out = join4(options2.outDir, ledgerBundleFileName(sessionId));
  writeFileSync(out, `${JSON.stringify(extended)}
`);
  if (options2.ledgerBranch && !recorded) {
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options2.ledgerBranch,
      sessionId,
      bundlePath: out,
      message: `truss: ${decision} by ${review.user.login} on ${sessionId}`,
      dryRun: options2.dryRun
    });
  }
  const result = { sessionId, headHash: entry.entry_hash, bundlePath: out };
  const pinned = report.status === "verified";
  const atVerdictHead = reviewedSha === verdictHead && verdictHead === pr.head.sha;
  const summary = [
    `**${decision}** by @${review.user.login} \u2014 signed \`human_review\` at seq ${entry.seq}, attesting head \`${entry.payload.attested_head_hash.slice(0, 16)}\u2026\` of session \`${sessionId}\`.`,
    `Evidence: ${pinned ? "verified against pinned keys" : "intact, but its signer is not pinned (set trusted-keys or .truss/trusted-keys)"}.`,
    atVerdictHead ? "" : `The review is for ${reviewedSha.slice(0, 7)}, but the verdict covers ${String(verdictHead).slice(0, 7)}: stale.`
  ].join("\n\n");
  if (decision === "approved" && atVerdictHead && pinned)
    await check("success", `Approved by ${review.user.login}`, summary);
  else if (decision === "approved")
    await check("action_required", "Approval does not cover the verified evidence", summary);
  else await check("failure", `Changes requested by ${review.user.login}`, summary);
  return result;
}
async function fetchBundleText(options2, meta) {
  const sessionId = meta.session_id;
  if (options2.ledgerBranch) {
    const text = await loadBundleFromLedgerBranch({
      octokit: options2.octokit,
      ...options2.repo,
      branch: options2.ledgerBranch,
      sessionId
    });
    if (text) return text;
  }
  if (!meta.artifact_id)
    throw new Error(
      `no stored bundle for session ${sessionId}: enable upload-artifact or ledger-branch on the run workflow`
    );
  return options2.loadArtifactBundle({ ...meta, artifact_id: meta.artifact_id });
}

export {
  createOctokit,
  statusOf,
  isRateLimitError,
  toMissingPermission,
  postHumanReviewCheck,
  markHumanReviewStale,
  startCheckRun,
  completeCheckRun,
  findCheckRuns,
  inlineText,
  codeSpan,
  safeUrl,
  clipHead,
  placedFindings,
  seatLabel,
  verifySection,
  formatUsd,
  formatTokens,
  renderCheckOutput,
  renderStickyComment,
  conclusionFor,
  renderJobSummary,
  readRepoFile,
  listPullRequestFiles,
  lazyChangedFiles,
  pathSkipReason,
  reportSkippedContract,
  contractPathSkip,
  listContractNames,
  loadContractsAtRef,
  DEFAULT_TRIGGER,
  parseCommand,
  helpText,
  upsertStickyComment,
  encodeRunRequestId,
  decodeRunRequestId,
  authorizeActor,
  politeDenial,
  postReply,
  handleCommand,
  findSuspendedSessions,
  findSuspendedSession,
  trustedKeysFor,
  BranchMovedError,
  commitFilesToBranch,
  branchHead,
  saveBundleToLedgerBranch,
  recordSignOff
};
