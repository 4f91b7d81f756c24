print("routingctl")
