# SPDX-License-Identifier: Apache-2.0
# fish completion for routingctl(1). Installed as share/fish/vendor_completions.d/routingctl.fish.

set -l commands validate render contains resolve link apps reload monitor open desktop location help

# The link formats routingctl can write, from `routingctl link --help`.
function __routingctl_link_formats
    command routingctl link --help 2>/dev/null | sed -n '/^Formats that can be written:/,/^--format all/{/^ /p}' | string split ' ' | string match -rv '^$'
    echo all
end

complete -c routingctl -f
# Global options, before the command.
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -l socket -r -F -d 'daemon socket'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -l current-location-literals -r -F -d 'texts meaning "current location"'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -l no-pager -d 'accepted; routingctl pages nothing'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -l help -d 'show help'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -l version -d 'show the version'

complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a validate -d 'check coverage files and manifests, or --fix one'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a render -d 'draw coverage files, their findings and a request on a map'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a contains -d 'inside, boundary or outside, for each point'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a resolve -d 'parse a directions link and decide every app'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a link -d 'write the request as a link in another format'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a apps -d "list the daemon's routing apps"
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a reload -d 'make the daemon read its apps again'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a monitor -d 'follow the daemon: its state, then each change as it happens'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a open -d 'launch the first eligible routing app on a link'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a desktop -d 'make routingd-open the URL handler, or restore the previous'
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a location -d "the daemon's current location"
complete -c routingctl -n "not __fish_seen_subcommand_from $commands" -a help -d "show the commands, or a command's help"

# validate
complete -c routingctl -n "__fish_seen_subcommand_from validate" -F
complete -c routingctl -n "__fish_seen_subcommand_from validate contains" -l profile -x -a 'apple geojson' -d 'rules to apply'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l format -x -a 'gcc json sarif geojson' -d 'output format'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l fix -d "rewrite the file into Apple's form"
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l output -r -F -d 'with --fix: write the result to FILE'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l swap-axes -d 'with --fix: swap [latitude, longitude]'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l simplify -d 'with --fix: at most N points per polygon (default 20), never shrinking it'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l drop-holes -d 'with --fix: fill holes (the app is then offered inside them)'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l dry-run -d 'with --fix: write nothing, show a diff'
complete -c routingctl -n "__fish_seen_subcommand_from validate" -l force -d 'with --fix: replace a read-only or hard-linked file'
# render
complete -c routingctl -n "__fish_seen_subcommand_from render" -F
complete -c routingctl -n "__fish_seen_subcommand_from render" -s o -l output -r -F -d 'where to write: FILE.svg, FILE.png or -'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l request -r -F -d 'also draw a directions request'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l width -x -d 'width of the map in pixels'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l profile -x -a 'apple geojson' -d 'rules the findings come from'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l app -x -d "draw this routing app's coverage"
complete -c routingctl -n "__fish_seen_subcommand_from render" -l offline -d 'read the apps in this process'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l apps -x -a '(__fish_complete_directories)' -d 'another manifest directory'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l coverage -x -a '(__fish_complete_directories)' -d 'coverage directory'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l socket -r -F -d 'daemon socket'
complete -c routingctl -n "__fish_seen_subcommand_from render" -l current-location-literals -r -F -d 'texts meaning "current location"'
# contains
complete -c routingctl -n "__fish_seen_subcommand_from contains" -F
# resolve, open: in-process options
complete -c routingctl -n "__fish_seen_subcommand_from resolve" -F
complete -c routingctl -n "__fish_seen_subcommand_from resolve open" -l offline -d 'resolve in this process'
complete -c routingctl -n "__fish_seen_subcommand_from resolve open" -l apps -x -a '(__fish_complete_directories)' -d 'another manifest directory'
complete -c routingctl -n "__fish_seen_subcommand_from resolve open" -l coverage -x -a '(__fish_complete_directories)' -d 'coverage directory'
complete -c routingctl -n "__fish_seen_subcommand_from resolve open" -l current-location -x -d 'LAT,LON where you are, sent with the request'
complete -c routingctl -n "__fish_seen_subcommand_from resolve open" -l location-timeout -x -d 'seconds GeoClue2 may take (default 3)'
complete -c routingctl -n "__fish_seen_subcommand_from resolve link open" -l expand-short-links -d "follow a short link's HTTPS redirect (libcurl)"
complete -c routingctl -n "__fish_seen_subcommand_from resolve link open" -l short-link-timeout -x -d 'seconds each short-link request may take (default 10)'
complete -c routingctl -n "__fish_seen_subcommand_from resolve link" -l strict -d 'make any repair of the link an error'
complete -c routingctl -n "__fish_seen_subcommand_from resolve" -l explain -d 'list every app, those ruled out with their reasons'
complete -c routingctl -n "__fish_seen_subcommand_from resolve" -l app -x -d "give one app's verdict and reasons"
complete -c routingctl -n "__fish_seen_subcommand_from resolve link open" -l current-location-literals -r -F -d 'texts meaning "current location"'
complete -c routingctl -n "__fish_seen_subcommand_from resolve apps reload monitor open location" -l socket -r -F -d 'daemon socket'
# link
complete -c routingctl -n "__fish_seen_subcommand_from link" -F
complete -c routingctl -n "__fish_seen_subcommand_from link" -l format -x -a '(__routingctl_link_formats)' -d 'link format'
# open
complete -c routingctl -n "__fish_seen_subcommand_from open" -l dry-run -d 'print the command instead of running it'
complete -c routingctl -n "__fish_seen_subcommand_from open" -l choose -d 'choose the app from a numbered list'
complete -c routingctl -n "__fish_seen_subcommand_from open" -l app -x -d 'open this routing app if it is eligible'
# desktop
complete -c routingctl -n "__fish_seen_subcommand_from desktop; and not __fish_seen_subcommand_from register unregister" -a 'register unregister'
complete -c routingctl -n "__fish_seen_subcommand_from desktop" -l https -d 'also take over http and https links'
# location
complete -c routingctl -n "__fish_seen_subcommand_from location; and not __fish_seen_subcommand_from get set clear" -a 'get set clear'
complete -c routingctl -n "__fish_seen_subcommand_from location" -l accuracy -x -d 'with set: how precise, in metres'
# every command
complete -c routingctl -n "__fish_seen_subcommand_from validate contains resolve link apps reload monitor open location" -l json -d 'print JSON (pretty on a terminal, one line in a pipe)'
complete -c routingctl -n "__fish_seen_subcommand_from validate contains resolve link apps reload monitor open location" -a '--json=pretty --json=short --json=off' -d 'JSON layout; off prints text'
complete -c routingctl -n "__fish_seen_subcommand_from validate render contains resolve link apps reload monitor open desktop location" -l no-pager -d 'accepted; routingctl pages nothing'
complete -c routingctl -n "__fish_seen_subcommand_from validate render contains resolve link apps reload monitor open desktop location" -l help -d 'show help'
# help COMMAND
complete -c routingctl -n "__fish_seen_subcommand_from help; and not __fish_seen_subcommand_from validate render contains resolve link apps reload monitor open desktop location" -a 'validate render contains resolve link apps reload monitor open desktop location help'
