// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingService

// routingctl: the command-line client of routingd. Commands live in Commands.swift.

exit(RoutingCtl.main(Array(CommandLine.arguments.dropFirst())))
