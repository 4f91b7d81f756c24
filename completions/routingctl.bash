# SPDX-License-Identifier: Apache-2.0
# bash completion for routingctl(1). Installed as share/bash-completion/completions/routingctl, where
# bash-completion loads it on demand; needs nothing from bash-completion itself.

# The link formats routingctl can write, from `routingctl link --help` (the binary being completed).
_routingctl_link_formats() {
    "$1" link --help 2>/dev/null | sed -n '/^Formats that can be written:/,/^--format all/{/^ /p}'
}

_routingctl() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="" program="${COMP_WORDS[0]}"
    [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
    # --option=value: bash splits at '=' (COMP_WORDBREAKS), so the option is one or two words back.
    local eq=""  # the value is after '=' in the same word (--json=MODE)
    if [ "$cur" = "=" ]; then
        cur="" eq=1
    elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
        prev="${COMP_WORDS[COMP_CWORD-2]}" eq=1
    fi
    COMPREPLY=()
    local commands="validate render contains resolve link apps reload monitor open desktop location help"
    local global="--socket --current-location-literals --no-pager --help --version"

    # The command: the first word after the global options (and their values).
    local i=1 command=""
    while [ "$i" -lt "$COMP_CWORD" ]; do
        case "${COMP_WORDS[i]}" in
            --socket|--current-location-literals)
                if [ "${COMP_WORDS[i+1]}" = "=" ]; then i=$((i + 3)); else i=$((i + 2)); fi
                continue ;;
            -*) i=$((i + 1)); continue ;;
            *) command="${COMP_WORDS[i]}"; break ;;
        esac
    done

    # Values of options.
    case "$prev" in
        --socket|--current-location-literals|--output|-o|--request)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return 0 ;;
        --apps|--coverage)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return 0 ;;
        --profile) COMPREPLY=($(compgen -W "apple geojson" -- "$cur")); return 0 ;;
        --format)
            if [ "$command" = link ]; then
                COMPREPLY=($(compgen -W "$(_routingctl_link_formats "$program") all" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "gcc json sarif geojson" -- "$cur"))
            fi
            return 0 ;;
        --current-location|--accuracy|--location-timeout|--short-link-timeout|--app|--width) return 0 ;;
        --json) if [ -n "$eq" ]; then COMPREPLY=($(compgen -W "pretty short off" -- "$cur")); return 0; fi ;;
    esac

    if [ -z "$command" ]; then
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "$global" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        fi
        return 0
    fi

    local options="" files=""
    case "$command" in
        validate) options="--profile --format --json --fix --output --swap-axes --simplify --drop-holes --dry-run --force --no-pager --help"; files=1 ;;
        render) options="-o --output --app --request --profile --width --offline --apps --coverage --socket --current-location-literals --no-pager --help"; files=1 ;;
        contains) options="--json --profile --no-pager --help"; files=1 ;;
        resolve) options="--json --strict --explain --app --offline --apps --coverage --current-location --location-timeout --current-location-literals --socket --expand-short-links --short-link-timeout --no-pager --help"; files=1 ;;
        link) options="--format --strict --json --current-location-literals --expand-short-links --short-link-timeout --no-pager --help"; files=1 ;;
        apps|reload|monitor) options="--json --socket --no-pager --help" ;;
        open) options="--dry-run --json --choose --app --offline --socket --apps --coverage --current-location --location-timeout --current-location-literals --expand-short-links --short-link-timeout --no-pager --help" ;;
        location)
            options="--json --socket --accuracy --no-pager --help"
            # location get|set|clear
            local j=$((i + 1)) sub=""
            while [ "$j" -lt "$COMP_CWORD" ]; do
                case "${COMP_WORDS[j]}" in --socket|--accuracy) j=$((j + 2)); continue ;; -*) ;; *) sub="${COMP_WORDS[j]}"; break ;; esac
                j=$((j + 1))
            done
            if [ -z "$sub" ] && [[ "$cur" != -* ]]; then
                COMPREPLY=($(compgen -W "get set clear" -- "$cur")); return 0
            fi ;;
        desktop)
            options="--https --no-pager --help"
            local j=$((i + 1)) sub=""
            while [ "$j" -lt "$COMP_CWORD" ]; do
                case "${COMP_WORDS[j]}" in -*) ;; *) sub="${COMP_WORDS[j]}"; break ;; esac
                j=$((j + 1))
            done
            if [ -z "$sub" ] && [[ "$cur" != -* ]]; then
                COMPREPLY=($(compgen -W "register unregister" -- "$cur")); return 0
            fi ;;
        help)
            # help COMMAND: one command name.
            [ "$COMP_CWORD" -eq $((i + 1)) ] && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
            return 0 ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    elif [ -n "$files" ]; then
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
}

complete -F _routingctl routingctl
